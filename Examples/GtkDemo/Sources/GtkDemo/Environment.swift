#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A process environment variable, or `nil` when unset or empty.
func getEnvironment(_ name: String) -> String? {
  guard let value = getenv(name) else { return nil }
  let text = String(cString: value)
  return text.isEmpty ? nil : text
}

/// Writes a line to standard error.
func printError(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
