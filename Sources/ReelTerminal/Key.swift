/// A key on the keyboard, as far as a terminal reports it.
public enum Key: Hashable, Sendable {
  /// A printable character. Control chords arrive as the lowercase letter with
  /// ``KeyModifiers/control``: Ctrl-C is `.character("c")` with `.control`.
  case character(Character)
  /// Enter / Return (`\r`, also `\n`).
  case enter
  /// Tab; Shift-Tab (`CSI Z`) is `.tab` with ``KeyModifiers/shift``.
  case tab
  /// Backspace (DEL `0x7F` or BS `0x08`).
  case backspace
  /// A lone Escape, reported after ``InputParser/flushPending()``.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home (`CSI H`, `CSI 1~`, `CSI 7~`, `SS3 H`).
  case home
  /// End (`CSI F`, `CSI 4~`, `CSI 8~`, `SS3 F`).
  case end
  /// Page Up (`CSI 5~`).
  case pageUp
  /// Page Down (`CSI 6~`).
  case pageDown
  /// Insert (`CSI 2~`).
  case insert
  /// Delete (`CSI 3~`).
  case delete
  /// A function key, F1 to F12.
  case function(Int)
}
