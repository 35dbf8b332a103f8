/// What a response's caching headers allow: whether to store it, and for how long it is fresh.
struct HTTPFreshness: Hashable, Sendable {
  /// False for `Cache-Control: no-store`.
  var mayStore: Bool
  /// `max-age`, zero for `no-cache`, else the loader's default.
  var freshFor: Duration

  /// Reads `Cache-Control` from `head`, using `defaultFreshness` when it gives no lifetime.
  init(_ head: HTTPResponseHead, defaultFreshness: Duration) {
    mayStore = true
    freshFor = defaultFreshness
    guard let control = head.value("cache-control")?.lowercased() else { return }
    for directive in control.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1).map {
        String($0).trimmingSpaces
      }
      switch parts.first {
      case "no-store": mayStore = false
      case "no-cache": freshFor = .zero
      case "max-age":
        let value = parts.count == 2 ? parts[1].trimmingCharacters(in: "\"") : ""
        if let seconds = Int64(value), seconds >= 0 { freshFor = .seconds(seconds) }
      default: continue
      }
    }
    if control.contains("no-cache") { freshFor = .zero }
  }
}

extension HTTPFreshness {
  /// `value` if it is an entity tag (`"…"` or `W/"…"`, no control character, space or inner
  /// quote), else `nil`: only a well-formed tag is stored and sent back in `If-None-Match`.
  static func validETag(_ value: String?) -> String? {
    guard let value else { return nil }
    let tag = value.utf8.starts(with: "W/".utf8) ? value.utf8.dropFirst(2) : value.utf8[...]
    guard tag.count >= 2, tag.first == UInt8(ascii: "\""), tag.last == UInt8(ascii: "\""),
      tag.count <= 1024,
      tag.dropFirst().dropLast().allSatisfy({
        $0 == 0x21 || (0x23...0x7E).contains($0) || $0 >= 0x80
      })
    else { return nil }
    return value
  }

  /// `value` if it can be an HTTP date (printable ASCII, at most 64 bytes), else `nil`: only
  /// such a value is stored and sent back in `If-Modified-Since`.
  static func validDate(_ value: String?) -> String? {
    guard let value, !value.isEmpty, value.utf8.count <= 64,
      value.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return nil }
    return value
  }
}

extension String {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return String(text)
  }
}
