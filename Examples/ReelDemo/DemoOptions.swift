import Reel
import ReelTerminal

/// The command line of `reel-demo`.
struct DemoOptions: Equatable {
  /// Render this many frames as plain text and exit (also the default, 3, without a TTY).
  var frames: Int?
  /// The size of the plain-text frames (and of the benchmark's screen).
  var size: (columns: Int, rows: Int)?
  /// Seconds of simulated time between plain-text frames.
  var interval = 2.5
  /// Run the frame benchmark instead of the demo.
  var bench = false
  /// Print the usage and exit.
  var help = false
  /// The palette; `nil` follows the terminal's background (asked with OSC 11), dark when it
  /// does not answer.
  var theme: Theme.Variant?
  /// The colour depth to write; `nil` detects it from the environment.
  var colors: ColorDepth?
  /// Start with the contacts grouped by initial (sticky headers) instead of the million rows.
  var sections = false
  /// Start with the chat instead of the million rows.
  var chat = false
  /// The seed of the random edits `d` makes to the million rows.
  var seed: UInt64 = 1
  /// How long an edit animates, in seconds; `nil` for the default spring.
  var animationSeconds: Double?
  /// Show the developer figures in the status line: frame times, bytes per frame, cells.
  var stats = false

  /// How edits animate.
  var animation: UpdateAnimation {
    animationSeconds.map { .timed(duration: $0) } ?? .default
  }

  static func == (lhs: DemoOptions, rhs: DemoOptions) -> Bool {
    lhs.frames == rhs.frames && lhs.size?.columns == rhs.size?.columns
      && lhs.size?.rows == rhs.size?.rows && lhs.interval == rhs.interval
      && lhs.bench == rhs.bench && lhs.help == rhs.help && lhs.theme == rhs.theme
      && lhs.colors == rhs.colors && lhs.sections == rhs.sections && lhs.chat == rhs.chat
      && lhs.seed == rhs.seed && lhs.animationSeconds == rhs.animationSeconds
      && lhs.stats == rhs.stats
  }

  /// The `--colors` names.
  static let colorNames: [String: ColorDepth] = [
    "truecolor": .trueColor, "256": .palette256, "16": .ansi16, "none": .none,
  ]

  static let usage = """
    usage: reel-demo [--frames N] [--size WxH] [--interval SECONDS] [--theme dark|light|auto]
                     [--colors truecolor|256|16|none] [--sections] [--chat] [--seed N]
                     [--animation SECONDS] [--stats] [--bench] [--help]

    In a terminal, runs the demo full screen: a banner carousel (autoplay every 2 s) above a
    1,000,000-row list, or (s) about 300,000 contacts grouped by initial under sticky section
    headers, or (t) a chat that follows its newest message. Without a terminal (a pipe, CI) it
    prints 3 frames as plain text and exits 0.

      --frames N          print N frames as plain text and exit, even in a terminal
      --size WxH          the size of the printed frames (default 100x30)
      --interval SECONDS  simulated time between printed frames (default 2.5)
      --theme NAME        dark, light, or auto (default): light when the terminal answers
                          with a light background colour (OSC 11), else dark
      --colors DEPTH      force the colour depth (default: detected from NO_COLOR,
                          COLORTERM, TERM and terminfo)
      --sections          start with the contacts instead of the million rows
      --chat              start with the chat instead of the million rows
      --seed N            seed the random edits d makes to the rows (default 1)
      --animation SECONDS animate edits over SECONDS (default: a 0.3 s spring)
      --stats             show frame times (median and worst of the latest animation, from
                          the start of a frame to the end of its write), bytes per frame,
                          cells and colours in the status line
      --bench             measure diffing and writing frames at 200x60 (or --size) and exit
      --help              show this help

    Keys: PgUp PgDn Home End scroll the list, ↑ ↓ move the focus in the rows (scroll the
    contacts and the chat), space or Enter selects the focused row, Esc drops the focus; without
    one, space pauses the autoplay and Enter opens the banner page. ← → n p turn the banner,
    d edits the visible rows at random (animated), o vertical/horizontal, c bounded/cyclic,
    g list/grid, s rows/contacts, t rows/chat, End follows the chat's newest message again,
    Tab Shift-Tab next/previous section (contacts), ? shows every key, Ctrl-Z suspends (fg
    resumes), q or Ctrl-C quits. The mouse wheel scrolls, dragging flings, a click selects a
    row or opens an item.
    """

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(DemoOptionsError) -> DemoOptions {
    var options = DemoOptions()
    var rest = arguments[...]
    func valueOf(_ flag: String, _ inline: String?) throws(DemoOptionsError) -> String {
      if let inline { return inline }
      guard let next = rest.popFirst() else { throw DemoOptionsError("\(flag) needs a value") }
      return next
    }
    while let argument = rest.popFirst() {
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      switch flag {
      case "--frames":
        let text = try valueOf(flag, inline)
        guard let count = Int(text), count >= 0 else {
          throw DemoOptionsError("--frames needs a whole number ≥ 0, got \"\(text)\"")
        }
        options.frames = count
      case "--size":
        let text = try valueOf(flag, inline)
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
          columns >= 20, rows >= 8, columns <= 1000, rows <= 1000
        else {
          throw DemoOptionsError(
            "--size needs WxH with W in 20…1000 and H in 8…1000, got \"\(text)\"")
        }
        options.size = (columns, rows)
      case "--interval":
        let text = try valueOf(flag, inline)
        guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
          throw DemoOptionsError("--interval needs seconds in 0…3600, got \"\(text)\"")
        }
        options.interval = seconds
      case "--theme":
        let text = try valueOf(flag, inline)
        if text == "auto" {
          options.theme = nil
        } else if let variant = Theme.Variant(rawValue: text) {
          options.theme = variant
        } else {
          throw DemoOptionsError("--theme needs dark, light or auto, got \"\(text)\"")
        }
      case "--colors":
        let text = try valueOf(flag, inline)
        guard let depth = colorNames[text] else {
          throw DemoOptionsError("--colors needs truecolor, 256, 16 or none, got \"\(text)\"")
        }
        options.colors = depth
      case "--seed":
        let text = try valueOf(flag, inline)
        guard let seed = UInt64(text) else {
          throw DemoOptionsError("--seed needs a whole number ≥ 0, got \"\(text)\"")
        }
        options.seed = seed
      case "--animation":
        let text = try valueOf(flag, inline)
        guard let seconds = Double(text), seconds > 0, seconds <= 60 else {
          throw DemoOptionsError("--animation needs seconds in (0, 60], got \"\(text)\"")
        }
        options.animationSeconds = seconds
      case "--sections": options.sections = true
      case "--chat": options.chat = true
      case "--stats": options.stats = true
      case "--bench": options.bench = true
      case "--help", "-h": options.help = true
      default: throw DemoOptionsError("unknown argument \"\(argument)\"")
      }
    }
    return options
  }
}

/// A command-line mistake, with the message to print.
struct DemoOptionsError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
