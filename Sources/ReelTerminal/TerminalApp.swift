import Glibc
import Reel

/// The frame loop of a full-screen terminal application.
///
/// ``run(_:options:)`` takes over the terminal with a ``TerminalSession`` (raw mode, alternate
/// screen, SGR mouse), then loops: it sleeps in a ``TerminalEventLoop`` until input, a resize,
/// the next frame (while ``TerminalScene/needsFrames``) or the scene's
/// ``TerminalScene/nextDeadline``; hands the events to the scene with the clock's time; ticks
/// it; lets it draw into a ``ScreenBuffer``; and writes only what changed with a
/// ``FrameRenderer``. An idle scene costs nothing: the process sleeps in `poll`.
///
/// The terminal is restored on every way out: the scene finishing, Ctrl-C (which arrives as a
/// key in raw mode and ends the loop), end of input, an error thrown while writing, and the
/// signals and crashes ``TerminalSession`` handles. Ctrl-Z suspends: the terminal is given
/// back and the process stops; after `fg` the loop takes the terminal back and redraws.
///
/// Colours are written at ``colorDepth`` (detected from the environment unless set, see
/// ``ColorDepth/detect(environment:)``). When a list scrolls, the terminal moves its rows
/// itself if its terminfo entry says how (``lineMoves``, see
/// ``LineMoveSequences/detect(environment:)``). Before the first frame the scene hears the
/// terminal's ``TerminalCapabilities`` through ``TerminalScene/start(in:)``.
///
/// ```swift
/// let app = TerminalApp()
/// if TerminalIO.isTerminal(STDIN_FILENO) && TerminalIO.isTerminal(STDOUT_FILENO) {
///   try app.run(scene)
/// } else {
///   let frames = TerminalApp.renderFrames(
///     scene, size: TerminalSize(columns: 100, rows: 30), count: 3, interval: .seconds(2))
///   for frame in frames { print(frame.textLines.joined(separator: "\n")) }
/// }
/// ```
public final class TerminalApp {
  /// The time between frames while the scene moves (16 ms, about 60 frames per second).
  public var frameInterval: Duration
  /// Whether Ctrl-C ends the loop (it does by default; raw mode turns it into a key).
  public var quitsOnControlC = true
  /// Whether Ctrl-Z suspends the application (it does by default; raw mode turns it into a
  /// key): see ``TerminalSession/suspend()``.
  public var suspendsOnControlZ = true
  /// The colour depth frames are written at; `nil` (the default) detects it when ``run(_:options:)``
  /// starts, with ``ColorDepth/detect()``.
  public var colorDepth: ColorDepth?
  /// Whether ``run(_:options:)`` asks the terminal for its background colour at start-up (an
  /// OSC 11 query, at most ``backgroundQueryTimeout`` long) and reports it to the scene.
  public var queriesBackgroundColor = false
  /// The longest wait for the background colour's answer.
  public var backgroundQueryTimeout: Duration = .milliseconds(150)
  /// The clock that stamps input and ticks the scene.
  public let clock: any ReelClock

  /// Whether and how rows that moved are moved by the terminal (see
  /// ``FrameRenderer/lineMoves``); `nil` (the default) reads it from the terminal's terminfo
  /// entry when ``run(_:options:)`` starts, with ``LineMoveSequences/detect()``.
  public var lineMoves: LineMoveSequences?

  private let renderer = FrameRenderer()
  private var frameNumber = 0
  private var lastFrameBytes = 0
  /// The frame times of the latest animation, in seconds, and a scratch copy for the median
  /// (storage reused).
  private var animationFrameTimes: [Double] = []
  private var sortedFrameTimes: [Double] = []
  private var frameTimes = TerminalFrameInfo.FrameTimes()
  /// Whether the previous frame was part of an animation.
  private var wasAnimating = false

  /// Creates a frame loop.
  ///
  /// - Complexity: O(1).
  public init(frameInterval: Duration = .milliseconds(16), clock: any ReelClock = SystemClock()) {
    self.frameInterval = frameInterval
    self.clock = clock
    animationFrameTimes.reserveCapacity(1024)
    sortedFrameTimes.reserveCapacity(1024)
  }

  /// Runs `scene` full screen until it finishes, Ctrl-C is pressed or the input ends.
  ///
  /// - Throws: ``TerminalError`` when the terminal cannot be set up or written; the terminal is
  ///   restored before the error leaves.
  public func run(_ scene: some TerminalScene, options: TerminalSession.Options = .init()) throws {
    try run(scene, options: options, input: STDIN_FILENO, output: STDOUT_FILENO)
  }

  /// ``run(_:options:)`` on a given terminal: `input` is read and put into raw mode, `output`
  /// is drawn on.
  func run(
    _ scene: some TerminalScene, options: TerminalSession.Options, input: Int32, output: Int32
  ) throws {
    let session = try TerminalSession(input: input, output: output, options: options)
    defer { session.close() }
    let depth = colorDepth ?? ColorDepth.detect()
    renderer.colorDepth = depth
    renderer.lineMoves = lineMoves ?? LineMoveSequences.detect()
    var background: TerminalColor?
    if queriesBackgroundColor {
      let milliseconds =
        backgroundQueryTimeout.components.seconds * 1000
        + backgroundQueryTimeout.components.attoseconds / 1_000_000_000_000_000
      background = session.queryBackgroundColor(
        timeoutMilliseconds: Int32(clamping: max(0, milliseconds)))
    }
    scene.start(in: TerminalCapabilities(colorDepth: depth, backgroundColor: background))
    let loop = TerminalEventLoop(session: session)
    var size = session.size
    scene.layout(for: size)
    var screen = ScreenBuffer(width: size.columns, height: size.rows)
    var running = true
    var lastFrame = clock.now
    try frame(scene, into: &screen, at: lastFrame, output: session.outputFD)
    while running && !scene.isFinished {
      let events = loop.waitForEvents(timeoutMilliseconds: timeout(for: scene, since: lastFrame))
      let now = clock.now
      for event in events {
        switch event {
        case .resize(let newSize):
          size = newSize
          scene.layout(for: size)
          screen = ScreenBuffer(width: size.columns, height: size.rows)
          renderer.invalidate()
        case .key(let key)
        where quitsOnControlC && key.key == .character("c") && key.modifiers == .control:
          running = false
        case .key(let key)
        where suspendsOnControlZ && key.key == .character("z") && key.modifiers == .control:
          session.suspend()  // returns after `fg`; the loop then reports .resumed
        case .resumed:
          renderer.invalidate()
          scene.handle(event, at: now)
        default:
          scene.handle(event, at: now)
        }
      }
      if loop.isInputClosed { running = false }
      guard running && !scene.isFinished else { break }
      lastFrame = now
      try frame(scene, into: &screen, at: now, output: session.outputFD)
    }
  }

  /// Ticks, draws, diffs and writes one frame.
  private func frame(
    _ scene: some TerminalScene, into screen: inout ScreenBuffer, at now: ReelInstant,
    output: Int32
  ) throws {
    let start = clock.now
    let animating = scene.needsFrames
    scene.tick(now)
    let info = TerminalFrameInfo(
      time: now, frameNumber: frameNumber, lastFrameBytes: lastFrameBytes,
      frameTimes: frameTimes)
    scene.draw(into: &screen, info: info)
    lastFrameBytes = renderer.render(screen)
    try renderer.write(to: output)
    frameNumber += 1
    if animating {
      if !wasAnimating { animationFrameTimes.removeAll(keepingCapacity: true) }
      recordFrameTime(clock.now.seconds(since: start))
    }
    wasAnimating = animating
  }

  /// Adds one frame's time to the latest animation's figures.
  private func recordFrameTime(_ seconds: Double) {
    animationFrameTimes.append(seconds)
    sortedFrameTimes.removeAll(keepingCapacity: true)
    sortedFrameTimes.append(contentsOf: animationFrameTimes)
    sortedFrameTimes.sort()
    let count = sortedFrameTimes.count
    let median =
      count.isMultiple(of: 2)
      ? (sortedFrameTimes[count / 2 - 1] + sortedFrameTimes[count / 2]) / 2
      : sortedFrameTimes[count / 2]
    frameTimes = TerminalFrameInfo.FrameTimes(
      count: count, median: median, worst: sortedFrameTimes[count - 1])
  }

  /// How long to sleep: until the next frame while the scene moves, until its deadline when
  /// it has one, else without limit.
  private func timeout(for scene: some TerminalScene, since lastFrame: ReelInstant) -> Int32 {
    let now = clock.now
    if scene.needsFrames {
      let due = lastFrame.advanced(by: frameInterval)
      return Self.milliseconds(until: due, from: now)
    }
    if let deadline = scene.nextDeadline {
      return Self.milliseconds(until: deadline, from: now)
    }
    return -1
  }

  /// Whole milliseconds from `now` to `instant`, rounded up, never negative.
  static func milliseconds(until instant: ReelInstant, from now: ReelInstant) -> Int32 {
    let nanoseconds = instant.nanoseconds - now.nanoseconds
    guard nanoseconds > 0 else { return 0 }
    return Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
  }

  /// Renders `count` frames of `scene` without a terminal, on a simulated clock: for output to
  /// a pipe, CI and tests.
  ///
  /// Frame `i` shows the scene at `start + i × interval`; between frames the scene is ticked
  /// every `tickInterval`, so animations (an autoplay step, a fling) run as they would live.
  /// `beforeFrame(i)` runs before the clock moves on towards frame `i`: the place to feed
  /// scripted input.
  ///
  /// ```swift
  /// let frames = TerminalApp.renderFrames(
  ///   scene, size: TerminalSize(columns: 100, rows: 30), count: 3, interval: .seconds(2.5)
  /// ) { frame in
  ///   if frame > 0 { list.handle(.pageForward) }
  /// }
  /// print(frames[2].textLines.joined(separator: "\n"))
  /// ```
  ///
  /// - Precondition: `tickInterval` is positive.
  /// - Complexity: O(count × (interval / tickInterval) ticks + count frames).
  public static func renderFrames(
    _ scene: some TerminalScene, size: TerminalSize, count: Int, interval: Duration,
    tickInterval: Duration = .milliseconds(16), start: ReelInstant = .zero,
    beforeFrame: (Int) -> Void = { _ in }
  ) -> [ScreenBuffer] {
    precondition(tickInterval > .zero, "TerminalApp.renderFrames: tickInterval must be positive")
    scene.layout(for: size)
    var screen = ScreenBuffer(width: size.columns, height: size.rows)
    var frames: [ScreenBuffer] = []
    var now = start
    for index in 0..<max(0, count) {
      beforeFrame(index)
      let due = start.advanced(by: interval * index)
      while now.advanced(by: tickInterval) < due {
        now = now.advanced(by: tickInterval)
        scene.tick(now)
      }
      now = due
      scene.tick(now)
      scene.draw(
        into: &screen, info: TerminalFrameInfo(time: now, frameNumber: index))
      frames.append(screen)
    }
    return frames
  }
}
