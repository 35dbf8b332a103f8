import ReelTerminal

/// The list's content: a million rows computed from their index, so nothing is stored.
enum DemoRows {
  /// The number of rows.
  static let count = 1_000_000

  /// A well-mixed hash of the index (SplitMix64), the source of every varying property.
  static func hash(_ index: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The row's height in a vertical list: 1, 2 or 3 terminal rows.
  static func lines(_ index: Int) -> Int {
    Int(hash(index) % 3) + 1
  }

  /// The row's width in a horizontal list: 18, 24 or 30 columns.
  static func columns(_ index: Int) -> Int {
    12 + 6 * lines(index)
  }

  private static let words = [
    "amber", "birch", "cedar", "delta", "ember", "fjord", "glade", "harbor", "iris", "juniper",
    "kelp", "lagoon", "meadow", "nebula", "orchid", "prairie", "quartz", "river", "sierra",
    "tundra", "umber", "valley", "willow", "xenon", "yarrow", "zephyr",
  ]

  /// Names from around the world, shown in every fourth row's title from row 2 on: wide CJK
  /// and Hangul, emoji (with a skin tone, a ZWJ sequence, a flag), combining accents.
  static let names = [
    "東京タワー 🗼", "서울 카페 ☕", "Zoë Šťastná", "cafe\u{301} cre\u{300}me", "北京 🐉 龍",
    "👩‍🚀 crew", "🇯🇵 日本", "👍🏽 Ελλάδα",
  ]

  /// "Row 12,345" for index 12,344 (rows count from 1 on screen), with a name for every fourth
  /// row from row 2: "Row 2 · 東京タワー 🗼". Identifiers from ``count`` on are rows a random
  /// edit (`d`) inserted: "New 1", "New 2"…
  static func title(_ index: Int) -> String {
    if index >= count { return "New \(grouped(index - count + 1))" }
    let number = "Row \(grouped(index + 1))"
    guard index % 4 == 1 else { return number }
    return number + " · " + names[(index / 4) % names.count]
  }

  /// Two words from the index.
  static func subtitle(_ index: Int) -> String {
    let h = hash(index)
    let first = words[Int((h >> 8) % 26)]
    let second = words[Int((h >> 20) % 26)]
    return "\(first) \(second) · \(lines(index)) line\(lines(index) == 1 ? "" : "s")"
  }

  /// The hue of the row's accent colour.
  static func hue(_ index: Int) -> Int {
    Int((hash(index) >> 40) % 360)
  }

  /// A value in 0...1 shown as a bar on three-line rows.
  static func progress(_ index: Int) -> Double {
    Double((hash(index) >> 50) % 1000) / 1000
  }

  /// The index with thousands separators: 1234567 → "1,234,567".
  static func grouped(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (offset, character) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return result
  }
}
