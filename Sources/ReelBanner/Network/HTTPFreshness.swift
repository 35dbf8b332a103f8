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

extension String {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return String(text)
  }
}
