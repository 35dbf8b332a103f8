/// A key press with its modifiers.
///
/// ```swift
/// let quit = KeyEvent(.character("q"))
/// let interrupt = KeyEvent(.character("c"), modifiers: .control)
/// ```
public struct KeyEvent: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// The modifiers held.
  public var modifiers: KeyModifiers

  /// Creates a key event.
  ///
  /// - Complexity: O(1).
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}
