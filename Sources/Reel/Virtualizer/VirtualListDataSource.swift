/// Supplies a list's items: how many there are, and a configured cell for each.
///
/// Like UICollectionView's data source, it dequeues cells from the list by reuse identifier,
/// configures them and returns them. The list holds its data source weakly.
///
/// ```swift
/// final class Contacts: VirtualListDataSource {
///   var names: [String]
///   init(names: [String]) { self.names = names }
///   func numberOfItems(in list: VirtualList<Row>) -> Int { names.count }
///   func virtualList(_ list: VirtualList<Row>, cellForItemAt index: Int) -> Row {
///     let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
///     row.title = names[index]
///     return row
///   }
/// }
/// ```
///
/// Contract: the count only changes together with ``VirtualList/reloadData()`` or
/// ``VirtualList/performBatchUpdates(_:)-(BatchUpdate)``, and every returned cell was dequeued for that index
/// during the same call. A broken contract stops the program with a message that names it.
public protocol VirtualListDataSource<Cell>: AnyObject {
  /// The frontend's cell type.
  associatedtype Cell: ReusableCell

  /// The number of items, `≥ 0`.
  func numberOfItems(in list: VirtualList<Cell>) -> Int

  /// A cell for the item at a data index, dequeued from `list` and configured.
  func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell

  /// A stable identity for the item at a data index, or `nil` (the default).
  ///
  /// With identities, a reload keeps the same item in place when its index changed. Give an
  /// identity for every item or for none: after a `nil` the list stops asking until the next
  /// reload.
  func virtualList(_ list: VirtualList<Cell>, identifierForItemAt index: Int) -> AnyHashable?

  /// The current index of the item with an identity, or `nil` (the default).
  func virtualList(_ list: VirtualList<Cell>, indexForItemWithIdentifier identifier: AnyHashable)
    -> Int?
}

extension VirtualListDataSource {
  /// No identities.
  public func virtualList(_ list: VirtualList<Cell>, identifierForItemAt index: Int)
    -> AnyHashable?
  { nil }

  /// No identities.
  public func virtualList(
    _ list: VirtualList<Cell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? { nil }
}
