#if GTK
  import CGtk4

  /// A child widget's frame inside a ``FrameContainer``, in points, relative to the container.
  ///
  /// ```swift
  /// container.setFrame(WidgetFrame(x: 40, y: 20, width: 220, height: 150), of: card)
  /// ```
  public struct WidgetFrame: Equatable, Sendable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; never allocated below the child's minimum width.
    public var width: Double
    /// The height; never allocated below the child's minimum height for its width.
    public var height: Double

    /// Creates a frame from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// The empty frame at the origin.
    public static let zero = WidgetFrame(x: 0, y: 0, width: 0, height: 0)

    /// The frame snapped to whole pixels: the origin rounded down, the far edges rounded to
    /// the nearest pixel, so adjacent frames share an edge without gaps.
    public var pixelAligned: (x: Int32, y: Int32, width: Int32, height: Int32) {
      let left = (x).rounded(.down)
      let top = (y).rounded(.down)
      let right = (x + width).rounded()
      let bottom = (y + height).rounded()
      return (Int32(left), Int32(top), Int32(max(0, right - left)), Int32(max(0, bottom - top)))
    }
  }
#endif
