/// One item of a ready-made banner: an image, a title and a subtitle.
///
/// ```swift
/// let items = [
///   BannerItem(id: "sale", image: .file(path: "/srv/banners/sale.ppm"),
///              title: "Summer sale", subtitle: "Up to 50% off"),
///   BannerItem(id: "news", title: "What's new"),
/// ]
/// ```
public struct BannerItem: Hashable, Sendable, Identifiable {
  /// A stable identity: a reload keeps the item with this identity centred.
  public var id: String
  /// Where the image comes from, or `nil` for a text-only card.
  public var image: ImageSource?
  /// The title.
  public var title: String
  /// The subtitle, possibly empty.
  public var subtitle: String
  /// The spoken label; `nil` speaks the title and subtitle.
  public var accessibilityLabel: String?

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: a stable identity; the title by default, so give one when titles repeat.
  ///   - image: where the card's image comes from; `nil` for a card without one.
  ///   - title: the title, also the spoken label when `accessibilityLabel` is `nil`.
  ///   - subtitle: the subtitle, possibly empty.
  ///   - accessibilityLabel: the spoken label; `nil` speaks the title and subtitle.
  public init(
    id: String? = nil, image: ImageSource? = nil, title: String, subtitle: String = "",
    accessibilityLabel: String? = nil
  ) {
    self.id = id ?? title
    self.image = image
    self.title = title
    self.subtitle = subtitle
    self.accessibilityLabel = accessibilityLabel
  }

  /// What a screen reader says for the item: ``accessibilityLabel``, or the title and subtitle.
  public var spokenLabel: String {
    if let accessibilityLabel { return accessibilityLabel }
    return subtitle.isEmpty ? title : "\(title), \(subtitle)"
  }
}
