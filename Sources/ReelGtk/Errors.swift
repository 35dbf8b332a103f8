#if GTK
  import CGtk4

  /// A failure reported by GTK, GDK or GLib, with the library's own message.
  public struct GtkError: Error, CustomStringConvertible, Sendable {
    /// What failed, in words.
    public let description: String

    /// Creates an error with a message.
    public init(_ description: String) {
      self.description = description
    }

    /// Takes over a `GError`, freeing it; `context` says what was being attempted.
    init(_ context: String, consuming error: UnsafeMutablePointer<GError>?) {
      if let error {
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        self.description = "\(context): \(message)"
        g_error_free(error)
      } else {
        self.description = "\(context): unknown error"
      }
    }
  }
#endif
