import Glibc
import Reel
import ReelTerminal

/// `reel-demo --bench`: how long diffing and writing a frame takes, and how many bytes a frame
/// costs while the list scrolls. Output goes to /dev/null, so the figures are the renderer's,
/// not the terminal's. Build with `-c release` for meaningful times.
enum FrameBenchmark {
  static func run(size: (columns: Int, rows: Int)) {
    let sink = open("/dev/null", O_WRONLY)
    defer { close(sink) }
    let clock = SystemClock()
    print("reel-demo frame benchmark, \(size.columns)x\(size.rows) cells, output to /dev/null")
    fullFrames(size: size, sink: sink, clock: clock)
    demoRedraw(size: size, sink: sink, clock: clock)
    scrolling(size: size, sink: sink, clock: clock, mode: "wheel, 1 row per frame") {
      scene, _, now in
      scene.rows.list.scroll(byWheel: 1, time: now)
    }
    scrolling(size: size, sink: sink, clock: clock, mode: "fling (drag released at speed)") {
      scene, frame, now in
      if frame % 60 == 0 {
        let list = scene.rows.list
        list.beginDrag(at: Point(x: 10, y: 40), time: now)
        list.drag(to: Point(x: 10, y: 20), time: now.advanced(by: .milliseconds(50)))
        list.endDrag(at: now.advanced(by: .milliseconds(50)), velocity: 400)
      }
    }
  }

  /// Every cell changes, character and colours: the worst case of a diff.
  private static func fullFrames(size: (columns: Int, rows: Int), sink: Int32, clock: SystemClock) {
    var frames: [ScreenBuffer] = []
    for variant in 0..<2 {
      var screen = ScreenBuffer(width: size.columns, height: size.rows)
      for y in 0..<size.rows {
        for x in 0..<size.columns {
          let style = TextStyle(
            foreground: Palette.hue(x * 3 + variant * 90),
            background: Palette.hue(y * 5 + variant * 180, value: 0.3))
          screen[x, y] = ScreenCell(variant == 0 ? "▀" : "a", style: style)
        }
      }
      frames.append(screen)
    }
    let renderer = FrameRenderer()
    renderer.render(frames[1])
    var times: [Double] = []
    var bytes = 0
    for iteration in 0..<400 {
      let start = clock.now
      bytes = renderer.render(frames[iteration % 2])
      try? renderer.write(to: sink)
      times.append(clock.now.seconds(since: start) * 1e6)
    }
    print(
      "full frame, every cell changed (24-bit fg+bg): diff+write median \(format(percentile(times, 0.5))) µs, "
        + "p99 \(format(percentile(times, 0.99))) µs, \(bytes) bytes")
  }

  /// The demo's own frame written from scratch (what a resize or the first frame costs).
  private static func demoRedraw(size: (columns: Int, rows: Int), sink: Int32, clock: SystemClock) {
    let scene = DemoScene()
    scene.layout(for: TerminalSize(columns: size.columns, rows: size.rows))
    var screen = ScreenBuffer(width: size.columns, height: size.rows)
    scene.tick(.zero)
    scene.draw(into: &screen, info: TerminalFrameInfo(time: .zero))
    let renderer = FrameRenderer()
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<400 {
      let start = clock.now
      bytes = renderer.render(from: nil, to: screen)
      try? renderer.write(to: sink)
      times.append(clock.now.seconds(since: start) * 1e6)
    }
    print(
      "full demo frame from scratch: diff+write median \(format(percentile(times, 0.5))) µs, "
        + "p99 \(format(percentile(times, 0.99))) µs, \(bytes) bytes")
  }

  /// The demo scene, drawn and diffed every frame while the list moves.
  private static func scrolling(
    size: (columns: Int, rows: Int), sink: Int32, clock: SystemClock, mode: String,
    input: (DemoScene, Int, ReelInstant) -> Void
  ) {
    let scene = DemoScene()
    scene.banner.pause()  // the banner stays put: these are the list's bytes
    scene.layout(for: TerminalSize(columns: size.columns, rows: size.rows))
    var screen = ScreenBuffer(width: size.columns, height: size.rows)
    let renderer = FrameRenderer()
    var now = ReelInstant.zero
    scene.tick(now)
    scene.draw(into: &screen, info: TerminalFrameInfo(time: now))
    var drawTimes: [Double] = []
    var diffTimes: [Double] = []
    var byteCounts: [Double] = []
    for frame in 0..<600 {
      now = now.advanced(by: .milliseconds(16))
      input(scene, frame, now)
      let start = clock.now
      scene.tick(now)
      scene.draw(into: &screen, info: TerminalFrameInfo(time: now, frameNumber: frame))
      let drawn = clock.now
      let bytes = renderer.render(screen)
      try? renderer.write(to: sink)
      diffTimes.append(clock.now.seconds(since: drawn) * 1e6)
      drawTimes.append(drawn.seconds(since: start) * 1e6)
      byteCounts.append(Double(bytes))
    }
    let mean = byteCounts.reduce(0, +) / Double(byteCounts.count)
    print(
      "list scrolling (\(mode)), 600 frames: bytes/frame mean \(format(mean)), "
        + "median \(format(percentile(byteCounts, 0.5))), max \(format(byteCounts.max() ?? 0)); "
        + "diff+write median \(format(percentile(diffTimes, 0.5))) µs; "
        + "tick+draw median \(format(percentile(drawTimes, 0.5))) µs")
  }

  private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
  }

  private static func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)"
  }
}
