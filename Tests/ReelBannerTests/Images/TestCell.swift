import ReelBanner

/// A cell as a frontend would write one: it owns an image binding, shows what the binding
/// applies, and records any image that does not belong to the item it is bound to at that moment.
final class TestCell {
  let binding: ImageBinding<PixelImage>
  private(set) var item: Int?
  private(set) var shown: PixelImage?
  private(set) var applied: [PixelImage] = []
  private(set) var failures: [any Error] = []
  private(set) var violations: [String] = []

  init(deliver: @escaping ImageBinding<PixelImage>.Deliver) {
    binding = ImageBinding(deliver: deliver)
  }

  func show(item: Int, pipeline: ImagePipeline<PixelImage>) {
    self.item = item
    binding.bind(
      Fixtures.source(item), targetSize: Fixtures.one, placeholder: Fixtures.placeholder,
      pipeline: pipeline, onFailure: { [unowned self] in failures.append($0) },
      apply: { [unowned self] image in
        if self.item != item || (image != Fixtures.placeholder && image != Fixtures.itemImage(item))
        {
          violations.append(
            "cell bound to \(self.item.map(String.init) ?? "nothing") got \(image.pixels)")
        }
        shown = image
        applied.append(image)
      })
  }

  func prepareForReuse() {
    binding.prepareForReuse()
    item = nil
    shown = nil
  }
}
