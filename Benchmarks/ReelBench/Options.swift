/// The command line: `reel-bench [--workload ID[,ID…]] [--quick] [--frames N] [--runs N]`.
struct Options {
  /// The workloads to run, comma-separated, or `nil` for all of them.
  var workload: String?
  /// Tiny sizes for the CI smoke run.
  var quick = false
  /// Overrides a workload's frame count (jumps for W3).
  var frames: Int?
  /// Overrides the number of runs (5).
  var runs: Int?

  static let usage = """
    usage: reel-bench [--workload ID[,ID…]] [--quick] [--frames N] [--runs N]
      ID: \(Workloads.all.map(\.id).joined(separator: ", "))
    """

  /// Parses the arguments, or returns an error message.
  static func parse(_ arguments: ArraySlice<String>) -> Result<Options, UsageError> {
    var options = Options()
    var rest = arguments
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--workload":
        guard let id = rest.popFirst() else {
          return .failure(UsageError("--workload needs an ID"))
        }
        options.workload = id
      case "--frames", "--runs":
        guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
          return .failure(UsageError("\(argument) needs a positive integer"))
        }
        if argument == "--frames" { options.frames = value } else { options.runs = value }
      case "--help", "-h": return .failure(UsageError(""))
      default: return .failure(UsageError("unknown argument \(argument)"))
      }
    }
    return .success(options)
  }

  /// The number of runs whose median is reported.
  var runCount: Int { runs ?? 5 }

  /// A workload's frame count: `--frames`, else the quick or the full count.
  func frames(full: Int, quick quickCount: Int) -> Int { frames ?? (quick ? quickCount : full) }
}

/// A bad command line, with the reason.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
