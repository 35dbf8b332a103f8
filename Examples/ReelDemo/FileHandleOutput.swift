import Glibc

/// Writing to standard error without Foundation.
enum FileHandleOutput {
  static func standardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(STDERR_FILENO, &bytes, bytes.count)
  }
}
