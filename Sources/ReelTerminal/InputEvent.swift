/// One thing the user did, decoded by ``InputParser`` or reported by ``TerminalEventLoop``.
///
/// ```swift
/// for event in events {
///   switch event {
///   case .key(let key) where key.key == .escape: running = false
///   case .mouse(let mouse): handle(mouse)
///   case .resize(let size): screen = ScreenBuffer(width: size.columns, height: size.rows)
///   default: break
///   }
/// }
/// ```
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(KeyEvent)
  /// A mouse press, release, drag, move or wheel notch.
  case mouse(MouseEvent)
  /// The terminal window gained focus (`CSI I`, with focus reporting on).
  case focusGained
  /// The terminal window lost focus (`CSI O`, with focus reporting on).
  case focusLost
  /// Text pasted while bracketed paste was on (`CSI 200~` … `CSI 201~`).
  case paste(String)
  /// The terminal was resized (from ``TerminalEventLoop``, never from the parser).
  case resize(TerminalSize)
  /// The process was continued after a stop (Ctrl-Z, then `fg`): the session took the
  /// terminal back, whose contents are unknown, so redraw everything (from
  /// ``TerminalEventLoop``, followed by a ``resize(_:)`` with the current size).
  case resumed
}
