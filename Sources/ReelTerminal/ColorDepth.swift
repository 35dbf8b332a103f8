import Glibc

/// How many colours a terminal shows, and so how ``FrameRenderer`` writes ``TerminalColor``s.
///
/// At ``trueColor`` colours are written as they are (`38;2;r;g;b`). At ``palette256`` and
/// ``ansi16`` each colour becomes the nearest palette entry in the OKLab perceptual colour
/// space (the 6 × 6 × 6 cube and the grey ramp of the 256-colour palette, or xterm's default
/// 16 colours). At ``none`` no colour is written at all, only attributes (bold, underline,
/// inverse, …).
///
/// ```swift
/// let depth = ColorDepth.detect()  // from NO_COLOR, COLORTERM, TERM and terminfo
/// let renderer = FrameRenderer(colorDepth: depth)
/// ```
public enum ColorDepth: Hashable, Sendable, CaseIterable {
  /// No colours (`NO_COLOR`, `TERM=dumb`, a terminal without colour): attributes only.
  case none
  /// The 16 ANSI colours (`30–37`, `90–97` and their backgrounds).
  case ansi16
  /// The 256-colour palette (`38;5;n`); only entries 16–255, whose colours are standard, are
  /// used.
  case palette256
  /// 24-bit colour (`38;2;r;g;b`).
  case trueColor

  /// The colour a terminal at this depth shows for `color`, as ``FrameRenderer`` writes it:
  /// `color` itself at ``trueColor`` (and at ``none``, where no colour is written), the nearest
  /// entry of the 256-colour palette at ``palette256``, and the nearest of xterm's default 16
  /// colours at ``ansi16`` (a terminal with another palette shows its own colours there).
  ///
  /// Use it to check that a pair of colours stays readable at the terminal's depth.
  ///
  /// ```swift
  /// ColorDepth.ansi16.approximation(of: TerminalColor(hex: 0x50_99_1F))  // 0x00_CD_00, green
  /// ```
  ///
  /// - Complexity: O(1): a search of at most 240 palette entries.
  public func approximation(of color: TerminalColor) -> TerminalColor {
    switch self {
    case .trueColor, .none:
      return color
    case .palette256:
      return ColorApproximation.palette256(
        Int(ColorApproximation.nearestIndex(to: color, depth: self)))
    case .ansi16:
      return TerminalColor(
        hex: ColorApproximation.ansi16[Int(ColorApproximation.nearestIndex(to: color, depth: self))]
      )
    }
  }

  /// The depth of the terminal this process runs in, from its environment; see
  /// ``detect(environment:)``.
  ///
  /// - Complexity: O(1), plus reading one terminfo file.
  public static func detect() -> ColorDepth {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "COLORTERM", "TERM", "TERMINFO", "TERMINFO_DIRS", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return detect(environment: environment)
  }

  /// The colour depth a terminal with these environment variables shows, in this order:
  /// 1. `NO_COLOR` set to anything but the empty string (no-color.org): ``none``;
  /// 2. `COLORTERM` `truecolor` or `24bit`: ``trueColor``;
  /// 3. `TERM` unset, empty or `dumb`: ``none``;
  /// 4. the `colors` capability of `TERM`'s terminfo entry (searched in `TERMINFO`,
  ///    `~/.terminfo`, `TERMINFO_DIRS` and the system directories): 2²⁴ or more
  ///    ``trueColor``, 256 or more ``palette256``, 8 or more ``ansi16``, fewer ``none``;
  /// 5. without an entry, `TERM`'s name: `-direct` or `-truecolor` ``trueColor``, `-256color`
  ///    ``palette256``, anything else ``ansi16``.
  ///
  /// ```swift
  /// ColorDepth.detect(environment: ["TERM": "xterm-256color"])  // .palette256
  /// ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])  // .none
  /// ```
  ///
  /// - Complexity: O(1), plus reading one terminfo file.
  public static func detect(environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { return .none }
    let directories = TerminfoEntry.directories(environment: environment)
    if let entry = try? TerminfoEntry.load(term: term, directories: directories) {
      let colors = entry.colors ?? 0
      if colors >= 1 << 24 { return .trueColor }
      if colors >= 256 { return .palette256 }
      return colors >= 8 ? .ansi16 : .none
    }
    if term.hasSuffix("-direct") || term.hasSuffix("-truecolor") { return .trueColor }
    if term.hasSuffix("-256color") { return .palette256 }
    return .ansi16
  }
}
