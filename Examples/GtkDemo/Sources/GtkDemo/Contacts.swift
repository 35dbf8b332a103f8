import CGtk4
import Glibc
import Reel

/// A deterministic address book: names and roles of varying length (1 to 3 wrapped lines at
/// the demo's width), sorted by family name, and a colour for each avatar.
struct Contacts {
  struct Contact {
    var name: String
    var detail: String
    var initials: String
    var color: UInt32
  }

  private static let given = [
    "Ada", "Grace", "Alan", "Katherine", "Linus", "Margaret", "Dennis", "Barbara", "Ken",
    "Frances", "Edsger", "Radia", "Tim", "Hedy", "John", "Sophie", "Donald", "Anita",
    "Marie-Thérèse", "Jean-Baptiste", "Xiaoming", "Oluwaseun", "Aurelio", "Ingrid", "Yukihiro",
    "Bjarne", "Guido", "Brian", "Carol", "Dorothy", "Elena", "Fatima", "Gustav", "Hannah",
    "Isabela", "Jamal", "Kwame", "Leila", "Mateo", "Nadia", "Omar", "Priya", "Quentin", "Rosa",
    "Santiago", "Tamar", "Ulrike", "Valentina", "Wen", "Yara", "Zoltán", "Chidi", "Aiko", "Björn",
  ]
  private static let family = [
    "Lovelace", "Hopper", "Turing", "Johnson", "Torvalds", "Hamilton", "Ritchie", "Liskov",
    "Thompson", "Allen", "Dijkstra", "Perlman", "Berners-Lee", "Lamarr", "McCarthy", "Wilson",
    "Knuth", "Borg", "Castellanos-Villanueva", "de la Fontaine-Beaumarchais", "Li", "Adeyemi",
    "Fernández", "Bergström", "Matsumoto", "Stroustrup", "van Rossum", "Kernighan", "Shaw",
    "Vaughan", "Nakamura", "Okafor", "Petrov", "Quispe", "Rasmussen", "Sato", "Tanaka", "Ueda",
    "Varga", "Wójcik", "Xu", "Yilmaz", "Zhang", "Abara", "Moreau", "Nguyen", "Osei", "Pereira",
    "Kowalczyk-Szymańska", "Haddad", "Iyer", "Jansen", "Kaur", "Lindqvist",
  ]
  private static let roles = [
    "Engineer", "Design", "Mathematician and author of the first published algorithm",
    "Compilers", "Kernel maintainer, release management and the long tail of device drivers",
    "Flight software lead", "Research", "Type systems, data abstraction and distributed computing",
    "Operations", "Support",
    "Principal engineer for accessibility, internationalisation and right-to-left layout in the "
      + "toolkit, and the person to ask about input methods, screen readers and keyboard navigation",
    "Photography",
  ]
  /// Avatar colours (GNOME's palette); the initials on each are white or dark, whichever
  /// contrasts more (``Contrast/initialsColor(on:)``), at least 4.5 : 1 (WCAG AA).
  static let colors: [UInt32] = [
    0x1C71D8, 0x33D17A, 0xF6D32D, 0xFF7800, 0xE01B24, 0x9141AC, 0x986A44, 0x26A269,
  ]

  let contacts: [Contact]

  /// `count` contacts, sorted by family name, then given name, then middle initial (none
  /// first), each compared with the locale's collation (`g_utf8_collate_key`, `LC_COLLATE`):
  /// every given name with every family name, then again with middle initials.
  init(count: Int) {
    var list: [(contact: Contact, key: [[UInt8]])] = []
    list.reserveCapacity(count)
    let pairs = Self.given.count * Self.family.count
    var keys: [String: [UInt8]] = [:]
    func collationKey(_ text: String) -> [UInt8] {
      if let key = keys[text] { return key }
      let raw = g_utf8_collate_key(text, -1)!
      let key = Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
      g_free(raw)
      keys[text] = key
      return key
    }
    for i in 0..<count {
      // A multiplicative hash spreads given and family names so neighbours differ.
      let mixed = (i % pairs) &* 7_919 % pairs
      let given = mixed % Self.given.count
      let first = Self.given[given]
      let last = Self.family[mixed / Self.given.count]
      let round = i / pairs
      let initial = round == 0 ? "" : "\(Character(UnicodeScalar(UInt8(65 + round % 26))))."
      let role = Self.roles[(i &* 31 + i / 7) % Self.roles.count]
      let name = [first, initial, last].filter { !$0.isEmpty }.joined(separator: " ")
      let contact = Contact(
        name: name, detail: role,
        initials: String(first.prefix(1)) + String(last.prefix(1)),
        color: Self.colors[given % Self.colors.count])
      list.append((contact, [collationKey(last), collationKey(first), collationKey(initial)]))
    }
    // Collation keys compare byte by byte (strcmp); an empty key (no middle initial) first.
    contacts = list.sorted {
      $0.key.lexicographicallyPrecedes($1.key) { $0.lexicographicallyPrecedes($1) }
    }.map(\.contact)
  }
}

/// WCAG 2 contrast between two sRGB colours.
enum Contrast {
  /// The contrast ratio, from 1 (the same colour) to 21 (black on white).
  static func ratio(_ a: UInt32, _ b: UInt32) -> Double {
    let (lighter, darker) = (max(luminance(a), luminance(b)), min(luminance(a), luminance(b)))
    return (lighter + 0.05) / (darker + 0.05)
  }

  /// Relative luminance (WCAG 2).
  static func luminance(_ rgb: UInt32) -> Double {
    func linear(_ channel: UInt32) -> Double {
      let c = Double(channel & 0xFF) / 255
      return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(rgb >> 16) + 0.7152 * linear(rgb >> 8) + 0.0722 * linear(rgb)
  }

  /// Dark text, for light avatar colours.
  static let dark: UInt32 = 0x241F31

  /// White or dark, whichever contrasts more with `background`.
  static func initialsColor(on background: UInt32) -> UInt32 {
    ratio(background, 0xFFFFFF) >= ratio(background, dark) ? 0xFFFFFF : dark
  }
}
