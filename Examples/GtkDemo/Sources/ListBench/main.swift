// list-bench: the same list in ReelGtkView or in GtkListView, driven by the same script on the
// frame clock, with each frame timed. Prints one JSON line. Scripts/list-bench.sh runs both
// widgets at several row counts under Xvfb.
import CGtk4
import CListBench
import Glibc
import Reel
import ReelGtk

let processStart = g_get_monotonic_time()
reel_line_buffer_stdout()

/// The command line: `--widget reel|gtk --rows N`.
struct BenchOptions {
  var widget = "reel"
  var rows = 100_000

  init(_ arguments: [String]) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      switch (flag, rest.popFirst()) {
      case ("--widget", let value?) where value == "reel" || value == "gtk": widget = value
      case ("--rows", let value?) where Int(value).map({ $0 > 0 }) == true: rows = Int(value)!
      default:
        print("usage: list-bench --widget reel|gtk --rows N")
        exit(64)
      }
    }
  }
}

/// A row: one wrapping label, as the GtkListView factory makes it.
@MainActor final class TextCell: GtkCell {
  let widget: Widget

  init() {
    let label = gtk_label_new("")!
    gtk_label_set_wrap(reel_gtk_label(label), 1)
    gtk_label_set_wrap_mode(reel_gtk_label(label), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_xalign(reel_gtk_label(label), 0)
    widget = Widget(label)
    widget.setMargins(8)
  }
}

/// The rows' data, made on demand from the index like the C model's items.
@MainActor final class TextSource: @MainActor VirtualListDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func numberOfItems(in list: VirtualList<TextCell>) -> Int { count }
  func virtualList(_ list: VirtualList<TextCell>, cellForItemAt index: Int) -> TextCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    let text = bench_row_text(UInt32(index))!
    gtk_label_set_text(reel_gtk_label(cell.widget.raw), text)
    g_free(text)
    return cell
  }
}

/// The script, one step per frame: settle, a fling (an exponentially decaying velocity set
/// on the adjustment, as kinetic scrolling does: 8,000 pt/s, time constant 325 ms), twenty
/// page downs (one every 6 frames), a jump to the end and one back to the start (30 frames
/// each).
@MainActor final class Script {
  enum Phase { case settle, fling, pages, end, start, done }
  var phase = Phase.settle
  var frames = 0
  var velocity = 8_000.0
  var lastTime: Int64?
  var pages = 0
  /// The frame indices (into the timed frames) where the forward phases began and ended.
  var forwardFrames: [Range<UInt32>] = []
  private var forwardStart: UInt32 = 0
  let adjustment: UnsafeMutablePointer<GtkAdjustment>

  init(adjustment: UnsafeMutablePointer<GtkAdjustment>) { self.adjustment = adjustment }

  private var value: Double {
    get { gtk_adjustment_get_value(adjustment) }
    set { gtk_adjustment_set_value(adjustment, newValue) }
  }
  private var page: Double { gtk_adjustment_get_page_size(adjustment) }
  private var end: Double { gtk_adjustment_get_upper(adjustment) - page }

  /// One frame at `time` (µs); returns whether the script goes on.
  func step(time: Int64) -> Bool {
    frames += 1
    let dt = lastTime.map { Double(time - $0) / 1e6 } ?? 1.0 / 60
    lastTime = time
    switch phase {
    case .settle:
      if frames >= 30 { begin(.fling) }
    case .fling:
      value += velocity * dt
      velocity *= exp(-dt / 0.325)
      if velocity < 20 { begin(.pages) }
    case .pages:
      if frames % 6 == 0 {
        value += page
        pages += 1
        if pages == 20 { begin(.end) }
      }
    case .end:
      if frames == 1 { value = end }
      if frames >= 30 { begin(.start) }
    case .start:
      if frames == 1 { value = 0 }
      if frames >= 30 { begin(.done) }
    case .done:
      return false
    }
    return true
  }

  private func begin(_ next: Phase) {
    let now = bench_frame_count()
    if phase == .fling || phase == .pages { forwardFrames.append(forwardStart..<now) }
    if next == .fling || next == .pages { forwardStart = now }
    if next == .fling { measuredFrom = now }
    phase = next
    frames = 0
  }

  /// The first timed frame of the script (after settling).
  var measuredFrom: UInt32 = 0
}

/// `VmRSS` or `VmHWM` from /proc/self/status, in MB.
func memory(_ key: String) -> Double {
  guard let file = fopen("/proc/self/status", "r") else { return -1 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, 256, file) != nil {
    let text = String(cString: line)
    if text.hasPrefix(key + ":") {
      let kilobytes = text.split(separator: " ").compactMap { Double($0) }.first ?? -1
      return kilobytes / 1024
    }
  }
  return -1
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func rounded(_ x: Double) -> Double { (x * 100).rounded() / 100 }

/// Median, 95th percentile and count over 16.7 ms of frame times in ms.
func summary(_ times: [Double]) -> (median: Double, p95: Double, over: Int) {
  let sorted = times.sorted()
  return (
    rounded(percentile(sorted, 0.5)), rounded(percentile(sorted, 0.95)),
    times.filter { $0 > 16.7 }.count
  )
}

@MainActor func report(_ options: BenchOptions, _ script: Script) {
  let all = (0..<bench_frame_count()).map { bench_frame($0) }
  let first = all.first
  // Frames that painted, from the fling on (the others are the frame clock idling between
  // steps of the script).
  let measured = all[Int(script.measuredFrom)...].filter { $0.painted != 0 }
  let wall = summary(measured.map { Double($0.end - $0.start) / 1000 })
  let cpu = summary(measured.map { Double($0.cpu_end - $0.cpu_start) / 1000 })
  // The thumb's position as a fraction of its track, frame to frame while scrolling forward.
  var backward = 0
  var largest = 0.0
  for range in script.forwardFrames where range.count > 1 {
    for i in (range.lowerBound + 1)..<range.upperBound {
      let (a, b) = (all[Int(i) - 1], all[Int(i)])
      guard a.upper > a.page, b.upper > b.page else { continue }
      let drop = a.value / (a.upper - a.page) - b.value / (b.upper - b.page)
      if drop > 1e-6 {
        backward += 1
        largest = max(largest, drop)
      }
    }
  }
  let name = options.widget == "reel" ? "ReelGtkView" : "GtkListView"
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let cpuTotal =
    Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  print(
    """
    {"widget":"\(name)","rows":\(options.rows),"frames":\(measured.count),\
    "median_ms":\(wall.median),"p95_ms":\(wall.p95),"over_16_7ms":\(wall.over),\
    "cpu_median_ms":\(cpu.median),"cpu_p95_ms":\(cpu.p95),"cpu_over_16_7ms":\(cpu.over),\
    "first_frame_ms":\(rounded(first.map { Double($0.end - processStart) / 1000 } ?? -1)),\
    "first_frame_cpu_ms":\(rounded(first.map { Double($0.process_cpu) / 1000 } ?? -1)),\
    "rss_mb":\(rounded(memory("VmRSS"))),"peak_rss_mb":\(rounded(memory("VmHWM"))),\
    "cpu_total_s":\(rounded(cpuTotal)),\
    "thumb_backward_frames":\(backward),"thumb_largest_backward_jump":\(rounded(largest * 100) / 100)}
    """)
}

@MainActor func run(_ options: BenchOptions) -> Int32 {
  let app = Application(id: "org.reel.ListBench")
  var keep: [AnyObject] = []
  let status = app.run { app in
    let window = Window(application: app, title: "list-bench", width: 400, height: 600)
    let list: Widget
    if options.widget == "reel" {
      let source = TextSource(count: options.rows)
      let virtualList = VirtualList<TextCell>(layout: VariableLayout(estimatedExtent: 60))
      virtualList.register("row") { TextCell() }
      virtualList.dataSource = source
      keep.append(source)
      list = ReelGtkView(model: virtualList).widget
      // No selection, as the GtkListView's GtkNoSelection.
      virtualList.selectionMode = .none
    } else {
      list = Widget(bench_list_view_new(UInt32(options.rows)))
    }
    let scrolled = ScrolledWindow(child: list)
    window.setContent(scrolled.widget)
    window.present()
    let adjustment = gtk_scrolled_window_get_vadjustment(
      reel_gtk_scrolled_window(scrolled.widget.raw))!
    bench_clock_attach(gtk_widget_get_frame_clock(window.widget.pointer), adjustment)
    let script = Script(adjustment: adjustment)
    keep.append(script)
    keep.append(
      TickCallback(on: window.widget) { tick in
        if script.step(time: tick.frameTimeMicroseconds) { return true }
        report(options, script)
        app.quit()
        return false
      })
  }
  withExtendedLifetime(keep) {}
  return status
}

let options = BenchOptions(Array(CommandLine.arguments.dropFirst()))
exit(MainActor.assumeIsolated { run(options) })
