/// Hears which items are about to come into view, to start their slow work (image loads,
/// database reads) early, as UIKit's `UICollectionViewDataSourcePrefetching`.
///
/// The list calls it after a layout pass, for the items ahead of the window in the direction of
/// motion, further ahead the faster the content moves. It cancels only when the direction
/// changes: items prefetched ahead of a motion that reversed. Each call gives data indices (rows
/// in a sectioned list); an item may be prefetched again after a cancellation.
///
/// ```swift
/// extension Gallery: VirtualListPrefetchingDataSource {
///   func virtualList(_ list: VirtualList<Tile>, prefetchItemsAt indices: [Int]) {
///     for index in indices { loader.start(photos[index].url) }
///   }
///   func virtualList(_ list: VirtualList<Tile>, cancelPrefetchingForItemsAt indices: [Int]) {
///     for index in indices { loader.cancel(photos[index].url) }
///   }
/// }
/// list.prefetchDataSource = gallery
/// ```
///
/// Contract: it does not dequeue cells (the program stops with a message naming
/// `virtualList(_:cellForItemAt:)` if it does); cells come only from the data source.
public protocol VirtualListPrefetchingDataSource<Cell>: AnyObject {
  /// The frontend's cell type.
  associatedtype Cell: ReusableCell
  /// Items about to come into view, nearest first.
  func virtualList(_ list: VirtualList<Cell>, prefetchItemsAt indices: [Int])
  /// Items prefetched ahead of a motion that has reversed: their work may stop.
  func virtualList(_ list: VirtualList<Cell>, cancelPrefetchingForItemsAt indices: [Int])
}

extension VirtualListPrefetchingDataSource {
  /// Does nothing.
  public func virtualList(_ list: VirtualList<Cell>, cancelPrefetchingForItemsAt indices: [Int]) {}
}
