/// Where an ``ImageBinding`` stands.
public enum ImageBindingPhase: Hashable, Sendable {
  /// Not bound, or unbound by ``ImageBinding/prepareForReuse()``.
  case idle
  /// Bound; the placeholder (if any) is shown and the image is on its way.
  case loading
  /// Bound, and the image was applied.
  case loaded
  /// Bound, and the load failed; the failure image (if any) or the placeholder is shown.
  case failed
}
