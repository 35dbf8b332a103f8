import Glibc

/// Whether and how ``FrameRenderer`` has the terminal move rows that moved between two frames
/// (a list that scrolled), instead of rewriting them.
///
/// Both ways set a scroll region (DECSTBM, terminfo `csr`) around the rows that moved, then move
/// them: ``insertDeleteLine`` with delete or insert line, ``scrollUpDown`` with scroll up or
/// down. The renderer then writes only the rows the move uncovered. ``detect(environment:)``
/// reads which one the terminal supports from its terminfo entry.
///
/// ```swift
/// let renderer = FrameRenderer(colorDepth: .detect(), lineMoves: .detect())
/// ```
public enum LineMoveSequences: Hashable, Sendable, CaseIterable {
  /// Rows that moved are rewritten, as every other changed cell is.
  case off
  /// A scroll region with delete and insert line: `CSI n M` and `CSI n L` (terminfo `dl`,
  /// `il`).
  case insertDeleteLine
  /// A scroll region with scroll up and down: `CSI n S` and `CSI n T` (terminfo `indn`,
  /// `rin`).
  case scrollUpDown

  /// The line moves of the terminal this process runs in; see ``detect(environment:)``.
  ///
  /// - Complexity: O(1), plus reading one terminfo file.
  public static func detect() -> LineMoveSequences {
    var environment: [String: String] = [:]
    for name in ["TERM", "TERMINFO", "TERMINFO_DIRS", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return detect(environment: environment)
  }

  /// The line moves a terminal with these environment variables supports, from the compiled
  /// terminfo entry of `TERM`, searched as ncurses does: in `TERMINFO`, `~/.terminfo`, each
  /// directory of `TERMINFO_DIRS`, `/etc/terminfo`, `/lib/terminfo` and `/usr/share/terminfo`,
  /// under the name's first letter (`x/xterm-256color`) or its hexadecimal code
  /// (`78/xterm-256color`).
  ///
  /// The entry must have a scroll region (`csr`) and either delete and insert line (`dl` and
  /// `il`: ``insertDeleteLine``, preferred) or scroll up and down (`indn` and `rin`:
  /// ``scrollUpDown``), each written as the standard ANSI sequence the renderer writes.
  /// Otherwise — no `TERM`, no entry, an entry that is not valid, a capability missing or
  /// written differently — ``off``: every changed row is rewritten.
  ///
  /// ```swift
  /// LineMoveSequences.detect(environment: ["TERM": "xterm-256color"])  // .insertDeleteLine
  /// LineMoveSequences.detect(environment: ["TERM": "vt100"])  // .off: no il, dl, indn, rin
  /// LineMoveSequences.detect(environment: ["TERM": "dumb"])  // .off
  /// ```
  ///
  /// - Complexity: O(1), plus reading one terminfo file of at most 32 KiB.
  public static func detect(environment: [String: String]) -> LineMoveSequences {
    let directories = TerminfoEntry.directories(environment: environment)
    do {
      guard
        let entry = try TerminfoEntry.load(
          term: environment["TERM"] ?? "", directories: directories)
      else { return .off }
      return entry.lineMoves
    } catch {
      return .off
    }
  }
}
