#if GTK
  import CGtk4
  import Reel

  /// What a ``ReelGtkView`` drives: a `VirtualList`, or a component built on one (a banner
  /// carousel with autoplay), seen through the calls a frontend makes every frame and on input.
  ///
  /// `VirtualList` conforms when its cells are ``GtkCell``s. A wrapper conforms by forwarding to
  /// its list and adding its own behaviour (autoplay deadlines, page tracking).
  ///
  /// ```swift
  /// let view = ReelGtkView(model: VirtualList<RowCell>(layout: UniformLayout(extent: 44)))
  /// ```
  public protocol ReelGtkModel: AnyObject {
    /// The accessible roles of the view and its items (a list of list items by default).
    static var accessibleRoles: AccessibleRoles { get }

    /// The cell type; its widgets are what the view places.
    associatedtype Cell: GtkCell

    /// The list whose ``VirtualList/placements`` the view draws.
    var list: VirtualList<Cell> { get }
    /// The viewport size in points; the view sets it from its container's allocation.
    var viewportSize: Size { get set }
    /// Whether frames are needed now (motion, a pending layout pass).
    var needsFrames: Bool { get }
    /// The next instant that needs a frame even without input (a wheel settle, autoplay).
    var nextDeadline: ReelInstant? { get }
    /// Advances motion (and timers) to `now`.
    func tick(_ now: ReelInstant)
    /// The pointer went down at `point` (viewport coordinates).
    func beginDrag(at point: Point, time: ReelInstant)
    /// The pointer moved to `point` during a drag.
    func drag(to point: Point, time: ReelInstant)
    /// The pointer was released; `velocity` `nil` lets the engine estimate it from the samples.
    func endDrag(at time: ReelInstant, velocity: Double?)
    /// Wheel or touchpad input, in points along the main axis.
    func scroll(byWheel delta: Double, time: ReelInstant)
    /// A navigation key; returns whether it was used.
    func handle(_ key: NavigationKey) -> Bool
    /// A click or tap at `point`; returns the selected data index, if an item is there.
    func tap(at point: Point) -> Int?
    /// Gives the model a way to announce text to assistive technologies (a banner's page
    /// changes); the default ignores it.
    func setAnnouncer(_ announce: @escaping (String) -> Void)
  }

  extension ReelGtkModel {
    /// A list of list items.
    public static var accessibleRoles: AccessibleRoles { .list }

    /// Announces nothing.
    public func setAnnouncer(_ announce: @escaping (String) -> Void) {}
  }

  extension VirtualList: ReelGtkModel where Cell: GtkCell {
    /// The list itself.
    public var list: VirtualList<Cell> { self }

    /// Selects the item under `point` (``VirtualList/selectItem(at:)``).
    public func tap(at point: Point) -> Int? {
      selectItem(at: point)
    }
  }
#endif
