import Reel

/// The contacts list's content: about 300,000 names grouped by initial, computed from their
/// position, so nothing is stored.
///
/// Each letter has a share of the names roughly as surnames start in English. A name is
/// "Surname, Given", built from parts in sorted order so that the names of a section come out
/// sorted and distinct: the item's position picks, monotonically, one of the letter's
/// combinations of parts.
enum ContactNames {
  /// The section titles: A to Z.
  static let letters: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

  /// Names per letter, from shares per mille (every letter has some).
  static let counts: [Int] = [
    35, 95, 75, 50, 20, 35, 50, 75, 5, 25, 40, 50, 90, 20, 15, 50, 3, 55, 100, 40, 3, 15, 60, 1,
    5, 5,
  ].map { $0 * 300 + 13 }

  /// All names.
  static let total = counts.reduce(0, +)

  /// The sections: headers, no footers; O(s) memory for the 26 counts.
  static let sections = SectionIndex(itemCounts: counts, headers: true)

  private static let vowels = ["a", "e", "i", "o", "u"]
  /// No cluster is a prefix of another, so joining parts keeps their order.
  private static let clusters = [
    "b", "ck", "d", "g", "lm", "m", "nd", "ns", "p", "rk", "rt", "s", "t", "v", "x",
  ]
  private static let endingsAfterConsonant = [
    "a", "an", "berg", "by", "e", "el", "er", "ers", "es", "ford", "ham", "ie", "in", "ing", "ley",
    "man", "ner", "o", "on", "ott", "son", "ton", "y",
  ]
  private static let endingsAfterVowel = [
    "berg", "by", "ford", "ham", "l", "ley", "n", "ner", "r", "s", "son", "ton", "y",
  ]
  private static let givenNames = [
    "Ada", "Alan", "Amara", "Ana", "Ben", "Björn", "Carla", "Chen", "Chloé", "Dario", "Eva",
    "Farah", "Grace", "Hugo", "Inês", "Ivan", "Jonas", "José", "Kenji", "Lena", "Liam", "Maya",
    "Mei", "Nadia", "Noor", "Omar", "Priya", "Rosa", "Sam", "Sofia", "Søren", "Tariq", "Uma",
    "Wei", "Yara", "Zoë",
  ]

  /// A surname's parts after the initial: vowel, cluster, ending after a consonant initial
  /// ("B·a·rk·er"), cluster, vowel, ending after a vowel initial ("A·nd·e·rson").
  private static func surnameParts(_ section: Int) -> ([String], [String], [String]) {
    "AEIOU".contains(letters[section])
      ? (clusters, vowels, endingsAfterVowel) : (vowels, clusters, endingsAfterConsonant)
  }

  /// The surname and given name of an item; sorted and distinct within a section.
  ///
  /// - Complexity: O(1).
  static func parts(_ path: ItemPath) -> (surname: String, given: String) {
    let (firsts, seconds, endings) = surnameParts(path.section)
    let surnames = firsts.count * seconds.count * endings.count
    let combinations = surnames * givenNames.count
    // Monotone and one-to-one: every section has fewer names than combinations.
    let pick = path.item * combinations / counts[path.section]
    let surname = pick / givenNames.count
    let ending = surname % endings.count
    let second = surname / endings.count % seconds.count
    let first = surname / (endings.count * seconds.count)
    return (
      String(letters[path.section]) + firsts[first] + seconds[second] + endings[ending],
      givenNames[pick % givenNames.count]
    )
  }

  /// "Baker, Ada".
  static func name(_ path: ItemPath) -> String {
    let (surname, given) = parts(path)
    return "\(surname), \(given)"
  }

  /// A phone number from the item's position.
  static func phone(_ path: ItemPath) -> String {
    let h = DemoRows.hash(path.section << 32 | path.item)
    return "+44 20 \(7000 + h % 3000) \(String(1000 + (h >> 16) % 9000))"
  }

  /// "ada.baker@example.org".
  static func email(_ path: ItemPath) -> String {
    let (surname, given) = parts(path)
    return "\(given.lowercased()).\(surname.lowercased())@example.org"
  }

  /// "12,345 names".
  static func countText(_ section: Int) -> String {
    let count = counts[section]
    return "\(DemoRows.grouped(count)) name\(count == 1 ? "" : "s")"
  }
}
