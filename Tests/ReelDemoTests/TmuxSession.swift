import Foundation

/// A detached tmux session on a private server socket, driven the way a user would: keys in,
/// screen text out.
final class TmuxSession {
  let socket: String
  let name = "reel-e2e"

  /// Starts `command` in a new `columns` × `rows` session.
  init(command: String, columns: Int, rows: Int) throws {
    socket = "reel-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    // The server this starts inherits the descriptors: give it none of ours, or reading our
    // end of a pipe would wait for the server to exit.
    try run(
      ["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", command],
      capturingOutput: false)
  }

  deinit {
    _ = try? run(["kill-server"], capturingOutput: false)
  }

  /// Where tmux is, or `nil` when it is not installed.
  static var executable: String? {
    let paths =
      (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
    return paths.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs a tmux command against this session's server and returns its standard output.
  ///
  /// Uses `popen`/`system` rather than Foundation's `Process`, whose `waitUntilExit()` can
  /// hang off the main thread on Linux.
  @discardableResult
  func run(_ arguments: [String], capturingOutput: Bool = true) throws -> String {
    let tmux = Self.executable ?? "/usr/bin/tmux"
    let words = [tmux, "-L", socket, "-f", "/dev/null"] + arguments
    let command = words.map(Self.quoted).joined(separator: " ") + " </dev/null 2>/dev/null"
    guard capturingOutput else {
      _ = system(command + " >/dev/null")
      return ""
    }
    guard let stream = popen(command, "r") else { throw TmuxError.cannotRun(command) }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, stream)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    pclose(stream)
    return String(decoding: output, as: UTF8.self)
  }

  /// A word for `/bin/sh`, in single quotes.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The visible screen as text.
  func capture() throws -> String {
    try run(["capture-pane", "-p", "-t", name])
  }

  /// The visible screen with its colours and attributes as SGR sequences and trailing spaces
  /// kept (`capture-pane -e -N`).
  func captureWithEscapes() throws -> String {
    try run(["capture-pane", "-p", "-e", "-N", "-t", name])
  }

  /// Types a shell command line into the pane and presses Enter.
  func type(_ line: String) throws {
    try run(["send-keys", "-t", name, "-l", line])
    try run(["send-keys", "-t", name, "Enter"])
  }

  /// Sends keys by tmux name (`n`, `NPage`, `q`).
  func send(_ keys: String...) throws {
    try run(["send-keys", "-t", name] + keys)
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", name, format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Captures the screen every 50 ms until `predicate` holds or `seconds` pass; returns the
  /// last capture and whether the predicate held.
  func waitFor(seconds: Double, _ predicate: (String) -> Bool) throws -> (String, Bool) {
    let attempts = Int(seconds / 0.05)
    var screen = ""
    for _ in 0..<max(1, attempts) {
      screen = try capture()
      if predicate(screen) { return (screen, true) }
      usleep(50_000)
    }
    return (screen, false)
  }
}

/// A tmux command could not be started.
enum TmuxError: Error {
  case cannotRun(String)
}
