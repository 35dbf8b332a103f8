import CGtk4
import Glibc

/// `--check-contacts`: the address book's order and the avatars' contrast, checked without a
/// display. Prints one line per check; returns the number that failed.
enum ContactChecks {
  static func run() -> Int32 {
    setlocale(LC_ALL, "")
    var failures: Int32 = 0
    func check(_ ok: Bool, _ message: String) {
      print((ok ? "ok   " : "FAIL ") + message)
      if !ok { failures += 1 }
    }
    for color in Contacts.colors {
      let text = Contrast.initialsColor(on: color)
      let ratio = Contrast.ratio(color, text)
      let hex = { (value: UInt32) in String(value, radix: 16, uppercase: true) }
      check(
        ratio >= 4.5,
        "initials #\(hex(text)) on avatar #\(hex(color)): contrast \((ratio * 100).rounded() / 100) ≥ 4.5"
      )
    }
    let names = Contacts(count: 10_000).contacts.map(\.name)
    func position(_ name: String) -> Int { names.firstIndex(of: name) ?? -1 }
    for (before, after) in [
      ("Ada Abara", "Ada B. Abara"), ("Zoltán Zhang", "Zoltán C. Zhang"),
      ("Ada B. Abara", "Aiko Abara"), ("Ada D. Zhang", "Aiko Zhang"),
    ] {
      let (a, b) = (position(before), position(after))
      check(
        a >= 0 && b > a,
        "\(before) (row \(a)) before \(after) (row \(b)): family, given, then middle initial")
    }
    let collation = String(cString: setlocale(LC_COLLATE, nil))
    var ordered = 0
    for (a, b) in zip(names, names.dropFirst()) {
      let (x, y) = (parts(a), parts(b))
      let family = g_utf8_collate(x.family, y.family)
      let given = g_utf8_collate(x.given, y.given)
      if family < 0 || (family == 0 && (given < 0 || (given == 0 && x.middle <= y.middle))) {
        ordered += 1
      }
    }
    check(
      ordered == names.count - 1,
      "\(ordered) of \(names.count - 1) neighbours in collation order (LC_COLLATE \(collation))")
    return failures
  }

  /// A name's given name, middle initial ("" when none) and family name.
  private static func parts(_ name: String) -> (given: String, middle: String, family: String) {
    let words = name.split(separator: " ", maxSplits: 1).map(String.init)
    let rest = words.count > 1 ? words[1] : ""
    if rest.count >= 3, rest.dropFirst().hasPrefix(". ") {
      return (words[0], String(rest.prefix(2)), String(rest.dropFirst(3)))
    }
    return (words[0], "", rest)
  }
}
