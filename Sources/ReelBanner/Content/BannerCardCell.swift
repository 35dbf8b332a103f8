import Reel

/// A ready cell model for a ``BannerItem``: the item, its position and its image, bound through
/// an ``ImageBinding`` so that a recycled cell never shows another item's image.
///
/// Frontends draw it: the image (or a placeholder) filling the card, the title and subtitle over
/// it. Set ``onImageChange`` to redraw when an image arrives.
///
/// `Image` is the frontend's image type (``PixelImage`` for the built-in decoder, a texture for
/// GTK).
public final class BannerCardCell<Image: Sendable>: ReusableCell {
  /// The item shown, `nil` while pooled.
  public private(set) var item: BannerItem?
  /// The data index of the item shown, `nil` while pooled.
  public private(set) var index: Int?
  /// The number of items when the cell was configured, for "2 of 5".
  public private(set) var count = 0
  /// The image to draw: the item's image, the placeholder while it loads, or `nil`.
  public private(set) var image: Image?
  /// The cell's image slot.
  public let imageBinding: ImageBinding<Image>
  /// Called when ``image`` changes after configuration (an image arrived); kept across reuse.
  public var onImageChange: ((BannerCardCell<Image>) -> Void)?

  /// Creates a cell whose image completions arrive through `deliver` (see ``ImageBinding``).
  public init(deliver: @escaping ImageBinding<Image>.Deliver) {
    imageBinding = ImageBinding(deliver: deliver)
  }

  /// Shows an item: the placeholder (or a cached image at once), then the image when loaded.
  ///
  /// - Parameters:
  ///   - item: the item.
  ///   - index: its data index.
  ///   - count: the number of items.
  ///   - pipeline: loads the image; `nil` shows the placeholder only.
  ///   - targetSize: the size the image is decoded to fit.
  ///   - placeholder: shown while the image loads, and for items without one.
  ///   - failureImage: shown when the image fails to load; `nil` keeps the placeholder.
  public func configure(
    with item: BannerItem, at index: Int, of count: Int, pipeline: ImagePipeline<Image>?,
    targetSize: PixelSize, placeholder: Image?, failureImage: Image? = nil
  ) {
    self.item = item
    self.index = index
    self.count = count
    image = placeholder
    guard let source = item.image, let pipeline else {
      imageBinding.cancel()
      return
    }
    var configuring = true
    imageBinding.bind(
      source, targetSize: targetSize, placeholder: placeholder, failureImage: failureImage,
      pipeline: pipeline
    ) {
      [unowned self] image in
      self.image = image
      if !configuring { onImageChange?(self) }
    }
    configuring = false
  }

  /// The spoken description, e.g. `"Summer sale, Up to 50% off, 2 of 5"`.
  public var accessibilityDescription: String {
    guard let item, let index else { return "" }
    return "\(item.spokenLabel), \(index + 1) of \(count)"
  }

  /// Cancels the image load and forgets the item.
  public func prepareForReuse() {
    imageBinding.prepareForReuse()
    item = nil
    index = nil
    image = nil
  }
}
