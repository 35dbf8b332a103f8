#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One response kept by a ``DiskCache``: the body and what HTTP caching needs to reuse it.
///
/// ```swift
/// let entry = DiskCacheEntry(data: bytes, storedAt: Date(), freshFor: .seconds(3600),
///                            etag: "\"v1\"")
/// entry.isFresh(at: Date())  // true for an hour, then revalidate with the ETag
/// ```
public struct DiskCacheEntry: Hashable, Sendable {
  /// The response body: the encoded image.
  public var data: [UInt8]
  /// When the response was received or last revalidated.
  public var storedAt: Date
  /// How long after ``storedAt`` the entry may be used without asking the server
  /// (`Cache-Control: max-age`); zero means revalidate before every use.
  public var freshFor: Duration
  /// The response's `ETag`, for `If-None-Match`.
  public var etag: String?
  /// The response's `Last-Modified`, for `If-Modified-Since`.
  public var lastModified: String?

  /// Creates an entry.
  public init(
    data: [UInt8], storedAt: Date, freshFor: Duration = .zero, etag: String? = nil,
    lastModified: String? = nil
  ) {
    self.data = data
    self.storedAt = storedAt
    self.freshFor = freshFor
    self.etag = etag
    self.lastModified = lastModified
  }

  /// Whether the entry may be used at `now` without revalidation.
  public func isFresh(at now: Date) -> Bool {
    let age = now.timeIntervalSince(storedAt)
    let (seconds, attoseconds) = freshFor.components
    return age >= 0 && age < Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Whether the server gave a validator, so a stale entry can be revalidated with a
  /// conditional request.
  public var canRevalidate: Bool { etag != nil || lastModified != nil }
}
