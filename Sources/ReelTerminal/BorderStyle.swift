/// The line set used by ``ScreenBuffer/drawBox(_:border:style:)``.
public enum BorderStyle: Hashable, Sendable {
  /// Thin lines with square corners: `┌─┐ │ └─┘`.
  case single
  /// Thin lines with rounded corners: `╭─╮ │ ╰─╯`.
  case rounded
  /// Double lines: `╔═╗ ║ ╚═╝`.
  case double

  /// The corner and edge characters: top left, top right, bottom left, bottom right,
  /// horizontal, vertical.
  var pieces: (Character, Character, Character, Character, Character, Character) {
    switch self {
    case .single: return ("┌", "┐", "└", "┘", "─", "│")
    case .rounded: return ("╭", "╮", "╰", "╯", "─", "│")
    case .double: return ("╔", "╗", "╚", "╝", "═", "║")
    }
  }
}
