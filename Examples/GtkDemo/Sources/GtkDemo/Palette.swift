/// The demo's data and colours; the snapshot checks expect these colours.
enum Palette {
  static let background: UInt32 = 0x1B1D24

  /// One banner card.
  struct Card {
    var title: String
    var subtitle: String
    var color: UInt32
    var icon: String
  }

  static let cards: [Card] = [
    Card(
      title: "Sunrise", subtitle: "Early light over the hills", color: 0xE4572E,
      icon: "icon-sun.png"),
    Card(
      title: "Lagoon", subtitle: "Still water, warm sand", color: 0x17BEBB, icon: "icon-wave.png"),
    Card(
      title: "Meadow", subtitle: "Long grass after rain", color: 0x76B041, icon: "icon-leaf.png"),
    Card(
      title: "Night", subtitle: "A thin moon, no clouds", color: 0x4B3F72, icon: "icon-moon.png"),
    Card(
      title: "Festival", subtitle: "Lights until morning", color: 0xF2A541, icon: "icon-star.png"),
  ]

  static let dotOn: UInt32 = 0xF2F2F2
  static let dotOff: UInt32 = 0x5A5F73

  static let css = """
    .reel-root { background-color: #1b1d24; }
    .reel-title { color: #f2f2f2; font-weight: bold; font-size: 16pt; }
    .reel-hint { color: #8a8fa3; font-size: 9pt; }
    .reel-list { background-color: #242734; border-radius: 8px; }
    .reel-row { color: #e8e8f0; padding-left: 14px; padding-right: 14px; }
    .reel-row-even { background-color: #2f3344; }
    .reel-row-odd { background-color: #383d52; }
    """
}
