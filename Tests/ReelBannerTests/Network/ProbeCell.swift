@testable import ReelBanner

/// A cell showing one image source, with a placeholder and a failure image, that records what
/// it was shown and flags anything that is not its own image, the placeholder or the failure
/// image.
final class ProbeCell {
  static let failureImage = PixelImage(width: 1, height: 1, format: .rgb, pixels: [0, 0, 0])

  let binding: ImageBinding<PixelImage>
  private(set) var expected: PixelImage?
  private(set) var shown: PixelImage?
  private(set) var failures: [any Error] = []
  private(set) var violations: [String] = []

  init(deliver: @escaping ImageBinding<PixelImage>.Deliver) {
    binding = ImageBinding(deliver: deliver)
  }

  /// Binds `source`, whose image is `expected` when it loads.
  func show(_ source: ImageSource, expected: PixelImage?, pipeline: ImagePipeline<PixelImage>) {
    self.expected = expected
    binding.bind(
      source, targetSize: Fixtures.one, placeholder: Fixtures.placeholder,
      failureImage: Self.failureImage, pipeline: pipeline,
      onFailure: { [unowned self] in failures.append($0) },
      apply: { [unowned self] image in
        if image != Fixtures.placeholder && image != Self.failureImage && image != self.expected {
          violations.append(
            "cell expecting \(String(describing: self.expected?.pixels)) got \(image.pixels)")
        }
        shown = image
      })
  }

  func prepareForReuse() {
    binding.prepareForReuse()
    expected = nil
    shown = nil
  }
}
