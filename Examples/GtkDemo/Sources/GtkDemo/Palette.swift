/// The demo's colours and CSS; the snapshot checker expects these colours.
enum Palette {
  static let background: UInt32 = 0x1B1D24
  static let cards: [(title: String, subtitle: String, color: UInt32, icon: String)] = [
    ("Sunrise", "Card 1 of 3", 0xE4572E, "icon-sun.png"),
    ("Lagoon", "Card 2 of 3", 0x17BEBB, "icon-wave.png"),
    ("Meadow", "Card 3 of 3", 0x76B041, "icon-leaf.png"),
  ]
  static let dotOn: UInt32 = 0xF2F2F2
  static let dotOff: UInt32 = 0x5A5F73

  static let css = """
    .reel-root { background-color: #1b1d24; }
    .reel-title { color: #f2f2f2; font-weight: bold; font-size: 16pt; }
    .reel-list { background-color: #242734; border-radius: 8px; }
    .reel-row { color: #e8e8f0; padding-left: 14px; padding-right: 14px; }
    .reel-row-even { background-color: #2f3344; }
    .reel-row-odd { background-color: #383d52; }
    """
}
