import ReelTerminal

/// One banner page: a title, a subtitle, a colour and the kind of picture drawn for it.
struct BannerPage {
  var title: String
  var subtitle: String
  var hue: Int
  var art: BannerArt.Kind

  /// The demo's eight pages.
  static let all: [BannerPage] = [
    BannerPage(
      title: "Sunset over the dunes", subtitle: "Warm gradients, drawn in half blocks", hue: 20,
      art: .sunset),
    BannerPage(title: "Open sea", subtitle: "Waves from a sine or two", hue: 200, art: .waves),
    BannerPage(
      title: "Aurora", subtitle: "Curtains of light above the pines", hue: 140, art: .aurora),
    BannerPage(
      title: "Night city · 夜景", subtitle: "A skyline of lit windows 🌃", hue: 260, art: .city),
    BannerPage(title: "Plasma", subtitle: "The classic demo-scene effect", hue: 310, art: .plasma),
    BannerPage(title: "Rings", subtitle: "Concentric ripples in a pond", hue: 180, art: .rings),
    BannerPage(title: "Meadow", subtitle: "Hills, flowers and a blue sky", hue: 95, art: .meadow),
    BannerPage(title: "Checkerboard", subtitle: "Pixels, plain and simple", hue: 45, art: .checker),
  ]
}
