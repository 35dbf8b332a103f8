/// One line of JSON: the figures of one workload (one `n` for scaling workloads).
///
/// Keys keep their insertion order, so every line reads the same way.
struct Report {
  private var fields: [(key: String, value: String)] = []

  /// Starts a report for a workload and item count.
  init(workload: String, n: Int) {
    add("workload", workload)
    add("n", n)
  }

  mutating func add(_ key: String, _ value: Int) { fields.append((key, String(value))) }

  mutating func add(_ key: String, _ value: Bool) { fields.append((key, value ? "true" : "false")) }

  mutating func add(_ key: String, _ value: String) {
    var escaped = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    fields.append((key, "\"\(escaped)\""))
  }

  mutating func add(_ key: String, _ value: Double) { fields.append((key, Report.number(value))) }

  mutating func add(_ key: String, _ values: [Double]) {
    fields.append((key, "[" + values.map(Report.number).joined(separator: ",") + "]"))
  }

  /// The JSON object on one line.
  var line: String {
    "{" + fields.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
  }

  /// A finite number with at most three decimals (JSON has no NaN or infinity: those become null).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
  }
}

extension Report {
  /// A baseline's figures: construction time (median and runs, in ms), scrolling time per frame,
  /// cells, resident growth and the checksum of both.
  mutating func addBaseline(construction: [RunResult], scrolling: [RunResult], frames: Int) {
    add("ms", median(construction.map { Double($0.nanoseconds) / 1e6 }))
    add("runs", construction.map { Double($0.nanoseconds) / 1e6 })
    add("frames", frames)
    add("ns_per_frame", median(scrolling.map { Double($0.nanoseconds) / Double(frames) }))
    add("cells_created", construction.map(\.cellsCreated).max() ?? 0)
    add("rss_growth_bytes", construction.map(\.residentGrowth).max() ?? 0)
    add("checksum", (construction + scrolling).reduce(0) { $0 + $1.checksum })
  }
}
