/// The demo's data and style: the banner's photos and the window's CSS on top of GTK's default
/// (Adwaita) theme.
enum Palette {
  /// One banner card.
  struct Card {
    var title: String
    var subtitle: String
    /// The photo's file name in the resources folder.
    var photo: String
  }

  static let cards: [Card] = [
    Card(title: "Sunrise", subtitle: "Early light over the hills", photo: "photo-sunrise.jpg"),
    Card(title: "Lagoon", subtitle: "Still water, warm sand", photo: "photo-lagoon.jpg"),
    Card(title: "Meadow", subtitle: "Long grass after rain", photo: "photo-meadow.jpg"),
    Card(title: "Night", subtitle: "A thin moon, no clouds", photo: "photo-night.jpg"),
    Card(title: "Festival", subtitle: "Lights until morning", photo: "photo-festival.jpg"),
  ]

  /// Page dots: the current page and the others.
  static let dotOn: UInt32 = 0x3584E4
  static let dotOff: UInt32 = 0xC0BFBC

  static let css = """
    .reel-root { background-color: @theme_bg_color; }
    .reel-card { border-radius: 14px; }
    .reel-card-title { color: white; font-weight: bold; font-size: 17pt; }
    .reel-card-subtitle { color: rgba(255, 255, 255, 0.85); font-size: 10pt; }
    .reel-view:focus-visible > .reel-item.cursor > .reel-card {
      outline: 3px solid alpha(@theme_selected_bg_color, 0.9); outline-offset: -3px; }
    .reel-boxed-list {
      border: 1px solid alpha(@borders, 0.8); border-radius: 12px;
      box-shadow: 0 1px 3px alpha(black, 0.08); }
    .reel-contacts { background-color: @theme_base_color; }
    .reel-contacts > .reel-item { border-bottom: 1px solid alpha(currentColor, 0.08); }
    .reel-contact { padding: 8px 14px; }
    .reel-contact-name { font-weight: bold; }
    .reel-contact-detail { opacity: 0.7; font-size: 9pt; }
    .reel-status { opacity: 0.8; }
    """
}
