/// The modifier keys held during a key press or mouse event.
///
/// ```swift
/// if event == .key(KeyEvent(.character("c"), modifiers: .control)) { quit() }
/// ```
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The raw bits: 1 shift, 2 alt, 4 control, 8 meta.
  public let rawValue: UInt8

  /// Creates a set from raw bits.
  ///
  /// - Complexity: O(1).
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt (Option); also reported for keys prefixed by ESC.
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)
  /// Meta (Super), when the terminal reports it.
  public static let meta = KeyModifiers(rawValue: 8)

  /// Decodes the `m` of xterm's `CSI 1;m X` key form, where `m - 1` holds the modifier bits.
  static func xterm(_ parameter: Int) -> KeyModifiers {
    guard parameter > 1 else { return [] }
    return KeyModifiers(rawValue: UInt8(truncatingIfNeeded: (parameter - 1) & 0x0F))
  }
}
