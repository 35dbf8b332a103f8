import ReelTerminal

/// One banner page: a title, a subtitle, a colour and the kind of picture drawn for it, or a
/// photo from `Pictures/` shown instead when the demo decodes them (see ``BannerPhotos``).
struct BannerPage {
  var title: String
  var subtitle: String
  var hue: Int
  var art: BannerArt.Kind
  var photo: String? = nil

  /// The demo's eight pages.
  static let all: [BannerPage] = [
    BannerPage(
      title: "Sunset over the dunes", subtitle: "Warm gradients, drawn in half blocks", hue: 20,
      art: .sunset, photo: "sunrise.jpg"),
    BannerPage(
      title: "Open sea", subtitle: "Waves from a sine or two", hue: 200, art: .waves,
      photo: "lagoon.jpg"),
    BannerPage(
      title: "Aurora", subtitle: "Curtains of light above the pines", hue: 140, art: .aurora),
    BannerPage(
      title: "Night city · 夜景", subtitle: "A skyline of lit windows 🌃", hue: 260, art: .city,
      photo: "night.png"),
    BannerPage(title: "Plasma", subtitle: "The classic demo-scene effect", hue: 310, art: .plasma),
    BannerPage(title: "Rings", subtitle: "Concentric ripples in a pond", hue: 180, art: .rings),
    BannerPage(
      title: "Meadow", subtitle: "Hills, flowers and a blue sky", hue: 95, art: .meadow,
      photo: "meadow.jpg"),
    BannerPage(title: "Checkerboard", subtitle: "Pixels, plain and simple", hue: 45, art: .checker),
  ]
}
