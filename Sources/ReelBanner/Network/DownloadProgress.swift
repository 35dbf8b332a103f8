/// How far one download has come: bytes of the body received, and the total when the server
/// announced it.
///
/// ```swift
/// if let progress = loader.progress(for: url), let fraction = progress.fractionCompleted {
///   drawProgressBar(on: card, fraction: fraction)
/// }
/// ```
public struct DownloadProgress: Hashable, Sendable {
  /// Body bytes received so far.
  public var bytesReceived: Int
  /// The body's length from `Content-Length`, or `nil` when the server did not say (chunked or
  /// close-delimited bodies).
  public var bytesExpected: Int?

  /// Creates a progress value.
  public init(bytesReceived: Int, bytesExpected: Int?) {
    self.bytesReceived = bytesReceived
    self.bytesExpected = bytesExpected
  }

  /// `bytesReceived / bytesExpected` clamped to `0...1`, or `nil` when the length is unknown.
  public var fractionCompleted: Double? {
    guard let bytesExpected, bytesExpected > 0 else { return nil }
    return min(1, Double(bytesReceived) / Double(bytesExpected))
  }
}
