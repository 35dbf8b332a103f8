/// What ``TerminalApp`` found out about the terminal at start-up, for a scene to adapt its
/// palette: the colours it shows and, when asked and answered, its background colour.
///
/// ```swift
/// func start(in terminal: TerminalCapabilities) {
///   theme = terminal.hasLightBackground ? .light : .dark
/// }
/// ```
public struct TerminalCapabilities: Hashable, Sendable {
  /// How many colours the terminal shows (colours are mapped down to it when written).
  public var colorDepth: ColorDepth
  /// The terminal's background colour from an OSC 11 query, or `nil` when it was not asked
  /// (``TerminalApp/queriesBackgroundColor``) or the terminal did not answer.
  public var backgroundColor: TerminalColor?

  /// Creates capabilities.
  ///
  /// - Complexity: O(1).
  public init(colorDepth: ColorDepth, backgroundColor: TerminalColor? = nil) {
    self.colorDepth = colorDepth
    self.backgroundColor = backgroundColor
  }

  /// Whether the terminal answered with a light background (relative luminance above 0.5);
  /// `false` when it did not answer.
  public var hasLightBackground: Bool {
    (backgroundColor?.relativeLuminance ?? 0) > 0.5
  }
}
