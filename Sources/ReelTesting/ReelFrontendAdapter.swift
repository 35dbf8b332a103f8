import Reel

/// What a frontend adapter implements so the conformance kit can drive it like a user would
/// and check that it draws exactly what the virtualizer placed.
///
/// The kit gives the adapter a list, feeds it each operation (the adapter turns it into its
/// own input events: key presses, wheel events, pointer drags) and asks it to render a frame
/// after each step, then compares ``drawnItems`` with the list's `placements`.
///
/// ```swift
/// final class TerminalAdapter: ReelFrontendAdapter {
///   var list: VirtualList<Row>!
///   var drawnItems: [DrawnItem] = []
///   func attach(to list: VirtualList<Row>, clock: ManualClock) { self.list = list }
///   func feed(_ operation: ReelOperation) -> Bool {
///     guard case .key(let key) = operation else { return false }   // the kit does the rest
///     myInputLoop.deliver(keyEvent(for: key))
///     return true
///   }
///   func render() {
///     drawnItems = list.placements.map { DrawnItem(index: $0.index, frame: $0.frame) }
///   }
/// }
/// ```
public protocol ReelFrontendAdapter<Cell>: AnyObject {
  /// The frontend's cell type.
  associatedtype Cell: ReusableCell

  /// Connects the adapter to the list it draws and the clock it reads time from.
  func attach(to list: VirtualList<Cell>, clock: ManualClock)

  /// Delivers one operation as the frontend's own input; returns `false` to let the kit apply
  /// it to the list directly (data changes always go through the kit).
  func feed(_ operation: ReelOperation) -> Bool

  /// Draws one frame from the list's placements.
  func render()

  /// What the last ``render()`` drew: one entry per cell, frames in viewport points.
  var drawnItems: [DrawnItem] { get }
}

/// One cell a frontend drew: the data index it shows and where.
///
/// ```swift
/// let item = DrawnItem(index: placement.index, frame: placement.frame)
/// ```
public struct DrawnItem: Sendable, Hashable {
  /// The data index the cell shows.
  public var index: Int
  /// The frame, in viewport points (the adapter's own units converted back).
  public var frame: Rect

  /// Creates a drawn item.
  ///
  /// - Complexity: O(1).
  public init(index: Int, frame: Rect) {
    self.index = index
    self.frame = frame
  }
}
