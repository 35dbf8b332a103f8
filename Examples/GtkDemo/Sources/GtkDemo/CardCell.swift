import CGtk4
import Reel
import ReelBanner
import ReelGtk

/// A banner card: a photo (decoded by `PixbufDecoder` through ReelBanner's image pipeline at
/// the card's size) filling a rounded card, with the title and subtitle over a dark gradient.
@MainActor
final class CardCell: GtkCell {
  private let picture: Widget
  private let title = Widget.label("")
  private let subtitle = Widget.label("")
  let widget: Widget
  /// The photo slot: shows the image of the item the cell is bound to, never a previous one.
  let imageBinding = ImageBinding<PixelImage>(deliver: MainLoop.deliver)
  private(set) var accessibleLabel: String?

  init() {
    picture = Widget(gtk_picture_new())
    gtk_picture_set_content_fit(reel_gtk_picture(picture.raw), GTK_CONTENT_FIT_COVER)
    gtk_picture_set_can_shrink(reel_gtk_picture(picture.raw), 1)
    let shade = DrawingArea { cr, width, height in
      let gradient = cairo_pattern_create_linear(0, height * 0.45, 0, height)
      cairo_pattern_add_color_stop_rgba(gradient, 0, 0, 0, 0, 0)
      cairo_pattern_add_color_stop_rgba(gradient, 1, 0, 0, 0, 0.72)
      cairo_set_source(cr, gradient)
      cairo_paint(cr)
      cairo_pattern_destroy(gradient)
    }
    shade.widget.setCanTarget(false)
    shade.widget.setHiddenFromAccessibility(true)
    title.addCSSClass("reel-card-title")
    subtitle.addCSSClass("reel-card-subtitle")
    let text = Box(GTK_ORIENTATION_VERTICAL, spacing: 2, [title, subtitle])
    text.widget.setAlignment(horizontal: GTK_ALIGN_START, vertical: GTK_ALIGN_END)
    text.widget.setMargins(18)
    text.widget.setCanTarget(false)
    let overlay = Overlay(child: picture)
    overlay.addOverlay(shade.widget)
    overlay.addOverlay(text.widget)
    overlay.widget.addCSSClass("reel-card")
    overlay.widget.setClipsChildren(true)
    widget = overlay.widget
  }

  nonisolated func prepareForReuse() {
    MainActor.assumeIsolated { imageBinding.prepareForReuse() }
  }

  /// Shows `card`, the `index`-th of `count`, and binds its photo.
  func configure(
    _ card: Palette.Card, photo: ImageSource, index: Int, count: Int,
    pipeline: ImagePipeline<PixelImage>, targetSize: PixelSize
  ) {
    title.setLabelText(card.title)
    subtitle.setLabelText("\(card.subtitle) · \(index + 1) of \(count)")
    accessibleLabel = "\(card.title): \(card.subtitle)"
    picture.setAccessibleLabel(card.title)
    let picture = picture
    imageBinding.bind(photo, targetSize: targetSize, pipeline: pipeline) { image in
      // Delivered on GTK's main loop (MainLoop.deliver) or synchronously from the cache.
      MainActor.assumeIsolated { picture.setPictureTexture(Texture(image)) }
    }
  }
}

/// The banner's items: the palette's cards, their photos loaded through one pipeline.
@MainActor
final class CardSource: @MainActor VirtualListDataSource {
  let cards: [Palette.Card]
  let photos: [ImageSource]
  let pipeline = ImagePipeline<PixelImage>(
    decoder: PixbufDecoder(), costLimit: 32 << 20, cost: { $0.byteCount })
  /// The size photos are decoded to: the card's size on an 800-point window, cover-fitted.
  let targetSize = PixelSize(width: 800, height: 350)

  init(cards: [Palette.Card], resources: String) {
    self.cards = cards
    photos = cards.map { .file(path: resources + "/" + $0.photo) }
  }

  /// Decodes every photo now; the task ends when they are all in the cache.
  func preload() -> Task<Void, Never> {
    pipeline.prefetch(photos, targetSize: targetSize)
  }

  /// Photos decoded and cached so far.
  var cachedPhotoCount: Int { pipeline.cachedCount }

  func numberOfItems(in list: VirtualList<CardCell>) -> Int { cards.count }

  func virtualList(_ list: VirtualList<CardCell>, cellForItemAt index: Int) -> CardCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "card", for: index)
    cell.configure(
      cards[index], photo: photos[index], index: index, count: cards.count, pipeline: pipeline,
      targetSize: targetSize)
    return cell
  }
}

extension CardSource: @MainActor BannerContentProvider {
  /// The card's title and subtitle, for the banner's page announcements.
  func accessibilityLabel(forItemAt index: Int) -> String? {
    "\(cards[index].title): \(cards[index].subtitle)"
  }
}

extension CardSource: @MainActor VirtualListPrefetchingDataSource {
  /// Decodes the photos of the cards the list is about to show, in the direction it moves.
  func virtualList(_ list: VirtualList<CardCell>, prefetchItemsAt indices: [Int]) {
    pipeline.prefetch(indices.map { photos[$0] }, targetSize: targetSize)
  }
}
