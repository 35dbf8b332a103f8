/// What ``TerminalInputRouter/route(_:at:)`` did with an event.
public enum TerminalRoutedInput: Hashable, Sendable {
  /// A target consumed the event (a drag, a wheel notch, a navigation key).
  case handled
  /// A click selected the item at a data index of a target.
  case selected(TerminalInputRouter.TargetID, index: Int)
  /// No target wanted the event; the application may handle it.
  case unhandled(InputEvent)
}
