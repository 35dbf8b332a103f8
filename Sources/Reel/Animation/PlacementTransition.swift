/// What a placement is doing in an animated batch update (see ``VirtualList/updateAnimation``).
///
/// ``Placement/frame`` is already the interpolated frame and ``Placement/opacity`` the faded
/// opacity, so a frontend that only draws frames and opacities animates correctly; the
/// transition is for frontends that hand the animation to a toolkit or draw something of their
/// own (a scale, a blur).
public struct PlacementTransition: Sendable, Hashable {
  /// What happens to the cell.
  public enum Kind: Sendable, Hashable {
    /// The item moved or was shifted by the update: it travels from ``from`` to ``to``.
    case move
    /// The item was inserted (or reloaded): it fades in at its frame.
    case appear
    /// The item was deleted (or reloaded, or left the window): its cell fades out, or slides
    /// to where the item went, and returns to its pool when the animation ends.
    case disappear
  }

  /// What happens to the cell.
  public let kind: Kind
  /// The frame the cell starts from, in viewport coordinates.
  public let from: Rect
  /// The frame the cell ends at, in viewport coordinates.
  public let to: Rect
  /// The animation's progress in `0...1`.
  public let progress: Double

  /// Creates a transition.
  @inlinable
  public init(kind: Kind, from: Rect, to: Rect, progress: Double) {
    self.kind = kind
    self.from = from
    self.to = to
    self.progress = progress
  }
}
