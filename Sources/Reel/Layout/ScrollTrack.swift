/// A prepared layout seen along its main axis through a viewport: where items sit, and how far
/// the content can scroll. The alignment and snapping math below works in it.
struct ScrollTrack {
  /// The layout, prepared for `count` items.
  var layout: any ListLayout
  /// The number of items.
  var count: Int
  /// Whether the content ends or loops.
  var wrapping: Wrapping
  /// The viewport's length along the main axis.
  var viewportExtent: Double

  /// The smallest resting offset: 0 in bounded lists, `-infinity` in cyclic ones.
  var minimumOffset: Double { wrapping == .cyclic ? -.infinity : 0 }

  /// The largest resting offset: the content minus the viewport (never below 0) in bounded
  /// lists, `+infinity` in cyclic ones.
  var maximumOffset: Double {
    wrapping == .cyclic ? .infinity : max(0, layout.contentExtent - viewportExtent)
  }

  /// An offset brought into the scrollable range (unchanged in cyclic lists).
  func clamp(_ value: Double) -> Double {
    wrapping == .cyclic ? value : min(max(value, minimumOffset), maximumOffset)
  }
}
