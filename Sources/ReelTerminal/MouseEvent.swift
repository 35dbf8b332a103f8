/// A mouse event from the SGR protocol (`CSI < b;x;y M` or `m`), in 0-based cell coordinates.
///
/// ```swift
/// if case .mouse(let mouse) = event, case .scroll(.down) = mouse.action {
///   list.scroll(byWheel: 3, time: now)
/// }
/// ```
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public var action: MouseAction
  /// The column, 0 at the left edge.
  public var x: Int
  /// The row, 0 at the top edge.
  public var y: Int
  /// The modifiers held (shift, alt, control).
  public var modifiers: KeyModifiers

  /// Creates a mouse event.
  ///
  /// - Complexity: O(1).
  public init(_ action: MouseAction, x: Int, y: Int, modifiers: KeyModifiers = []) {
    self.action = action
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }
}
