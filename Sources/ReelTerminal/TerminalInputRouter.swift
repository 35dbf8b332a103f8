import Reel

/// Turns terminal input into motion calls on the lists and carousels on screen.
///
/// Register each target with the screen region it is drawn in (the region of its
/// ``TerminalListRenderer``). Then hand every ``InputEvent`` to ``route(_:at:)`` with the
/// frame clock's time:
///
/// - a left press inside a region starts a drag on that target (which takes the pointer until
///   the release), drags follow it, and the release ends the drag, so a quick swipe flings
///   through the motion layer; a release that did not move reports a click:
///   ``TerminalRoutedInput/selected(_:index:)``;
/// - a wheel notch scrolls the target under the pointer by ``wheelStep`` points;
/// - arrows, Page Up/Down, Home and End go to the ``focus`` target as
///   `NavigationKey`s (see ``navigationKey(for:)``).
///
/// Everything else comes back as ``TerminalRoutedInput/unhandled(_:)``.
///
/// ```swift
/// let router = TerminalInputRouter()
/// let rows = router.add(list, region: renderer.region)
/// router.focus = rows
/// for event in loop.waitForEvents(timeoutMilliseconds: timeout) {
///   switch router.route(event, at: clock.now) {
///   case .selected(let id, let index) where id == rows: print("row \(index)")
///   case .unhandled(.key(let key)) where key.key == .character("q"): running = false
///   default: break
///   }
/// }
/// ```
public final class TerminalInputRouter {
  /// Identifies a registered target.
  public struct TargetID: Hashable, Sendable {
    let value: Int
  }

  private struct Entry {
    let id: TargetID
    let target: any TerminalScrollTarget
    var region: CellRect
  }

  /// The pointer held down on a target.
  private struct Capture {
    let id: TargetID
    let start: (x: Int, y: Int)
    var moved: Bool
  }

  private var entries: [Entry] = []
  private var capture: Capture?
  /// The target that receives navigation keys, or `nil` for none.
  public var focus: TargetID?
  /// Points scrolled per wheel notch (3 by default: three rows or columns).
  public var wheelStep = 3.0

  /// Creates a router with no targets.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Registers a target drawn in `region`; the first target added gets the focus.
  ///
  /// The router holds the target strongly; regions may overlap, the later target wins.
  ///
  /// - Complexity: O(1).
  @discardableResult
  public func add(_ target: any TerminalScrollTarget, region: CellRect) -> TargetID {
    let id = TargetID(value: entries.count)
    entries.append(Entry(id: id, target: target, region: region))
    if focus == nil { focus = id }
    return id
  }

  /// Moves a target's region, after a resize or a layout change.
  ///
  /// - Complexity: O(targets).
  public func setRegion(_ region: CellRect, for id: TargetID) {
    guard let position = entries.firstIndex(where: { $0.id == id }) else { return }
    entries[position].region = region
  }

  /// The region a target was registered with, or `nil` for an unknown id.
  ///
  /// - Complexity: O(targets).
  public func region(for id: TargetID) -> CellRect? {
    entries.first { $0.id == id }?.region
  }

  /// Whether the pointer is held down on a target (a drag is in progress).
  public var isDragging: Bool { capture != nil }

  /// The target a drag is in progress on, if any.
  public var draggingTarget: TargetID? { capture?.id }

  /// Feeds one event to the targets.
  ///
  /// - Parameters:
  ///   - event: an event read from the terminal, for example by
  ///     ``TerminalEventLoop/waitForEvents(timeoutMilliseconds:)``.
  ///   - time: the frame clock's current time; drags and flings are timed with it.
  /// - Complexity: O(targets).
  @discardableResult
  public func route(_ event: InputEvent, at time: ReelInstant) -> TerminalRoutedInput {
    switch event {
    case .mouse(let mouse):
      return routeMouse(mouse, event: event, at: time)
    case .key(let key):
      guard let focus, let entry = entries.first(where: { $0.id == focus }),
        let navigation = Self.navigationKey(for: key)
      else { return .unhandled(event) }
      entry.target.handle(navigation)
      return .handled
    default:
      return .unhandled(event)
    }
  }

  private func routeMouse(_ mouse: MouseEvent, event: InputEvent, at time: ReelInstant)
    -> TerminalRoutedInput
  {
    switch mouse.action {
    case .press(.left):
      if capture != nil { release(at: mouse, time: time) }
      guard let entry = entry(atColumn: mouse.x, row: mouse.y) else { return .unhandled(event) }
      capture = Capture(id: entry.id, start: (mouse.x, mouse.y), moved: false)
      entry.target.beginDrag(at: point(mouse, in: entry.region), time: time)
      return .handled
    case .drag(.left):
      guard var held = capture, let entry = entries.first(where: { $0.id == held.id }) else {
        return .unhandled(event)
      }
      if mouse.x != held.start.x || mouse.y != held.start.y { held.moved = true }
      capture = held
      entry.target.drag(to: point(mouse, in: entry.region), time: time)
      return .handled
    case .release:
      guard capture != nil else { return .unhandled(event) }
      return release(at: mouse, time: time)
    case .scroll(let direction):
      guard let entry = entry(atColumn: mouse.x, row: mouse.y) else { return .unhandled(event) }
      let sign: Double = direction == .up || direction == .left ? -1 : 1
      entry.target.scroll(byWheel: sign * wheelStep, time: time)
      return .handled
    default:
      return .unhandled(event)
    }
  }

  /// Ends the drag in progress; a release that never moved is a click.
  @discardableResult
  private func release(at mouse: MouseEvent, time: ReelInstant) -> TerminalRoutedInput {
    guard let held = capture else { return .handled }
    capture = nil
    guard let entry = entries.first(where: { $0.id == held.id }) else { return .handled }
    if held.moved {
      entry.target.drag(to: point(mouse, in: entry.region), time: time)
      entry.target.endDrag(at: time, velocity: nil)
      return .handled
    }
    entry.target.endDrag(at: time, velocity: 0)
    let at = point(x: held.start.x, y: held.start.y, in: entry.region)
    guard let index = entry.target.selectItem(at: at) else { return .handled }
    return .selected(held.id, index: index)
  }

  private func entry(atColumn x: Int, row y: Int) -> Entry? {
    entries.last { entry in
      x >= entry.region.x && x < entry.region.maxX && y >= entry.region.y
        && y < entry.region.maxY
    }
  }

  private func point(_ mouse: MouseEvent, in region: CellRect) -> Point {
    point(x: mouse.x, y: mouse.y, in: region)
  }

  private func point(x: Int, y: Int, in region: CellRect) -> Point {
    TerminalListRenderer(region: region, background: nil).point(column: x, row: y)
  }

  /// The navigation key for a key press, or `nil` when the key does not navigate.
  ///
  /// Up and Left go backward, Down and Right forward, whatever the target's axis (so both pairs
  /// work on vertical and horizontal lists); Page Up/Down page, Home and End jump to the ends.
  /// Keys with Control, Alt or Meta held do not navigate.
  ///
  /// ```swift
  /// TerminalInputRouter.navigationKey(for: KeyEvent(.pageDown))  // .pageForward
  /// ```
  ///
  /// - Complexity: O(1).
  public static func navigationKey(for key: KeyEvent) -> NavigationKey? {
    guard key.modifiers.subtracting(.shift).isEmpty else { return nil }
    switch key.key {
    case .up, .left: return .backward
    case .down, .right: return .forward
    case .pageUp: return .pageBackward
    case .pageDown: return .pageForward
    case .home: return .home
    case .end: return .end
    default: return nil
    }
  }
}
