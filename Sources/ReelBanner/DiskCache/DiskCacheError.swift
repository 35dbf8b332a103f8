/// Why a ``DiskCache`` store failed.
public enum DiskCacheError: Error, Hashable, Sendable {
  /// The file at `path` could not be written or renamed into place; `reason` is the system's.
  case cannotWrite(path: String, reason: String)
}
