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
  private static let colors: [UInt32] = [
    0x3584E4, 0x33D17A, 0xF6D32D, 0xFF7800, 0xE01B24, 0x9141AC, 0x986A44, 0x26A269,
  ]

  let contacts: [Contact]

  /// `count` contacts, sorted by family name: every given name with every family name, then
  /// again with middle initials.
  init(count: Int) {
    var list: [Contact] = []
    list.reserveCapacity(count)
    let pairs = Self.given.count * Self.family.count
    for i in 0..<count {
      // A multiplicative hash spreads given and family names so neighbours differ.
      let mixed = (i % pairs) &* 7_919 % pairs
      let given = mixed % Self.given.count
      let first = Self.given[given]
      let last = Self.family[mixed / Self.given.count]
      let round = i / pairs
      let middle = round == 0 ? " " : " \(Character(UnicodeScalar(UInt8(65 + round % 26)))). "
      let role = Self.roles[(i &* 31 + i / 7) % Self.roles.count]
      list.append(
        Contact(
          name: first + middle + last, detail: role,
          initials: String(first.prefix(1)) + String(last.prefix(1)),
          color: Self.colors[given % Self.colors.count]))
    }
    contacts = list.sorted { ($0.sortKey, $0.name) < ($1.sortKey, $1.name) }
  }
}

extension Contacts.Contact {
  /// The family name, for sorting.
  var sortKey: Substring { name.split(separator: " ").last ?? Substring(name) }
}
