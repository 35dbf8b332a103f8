import Reel
import ReelTesting
import Testing

/// A defect the conformance kit's animated snapshots found in `DiffableDataSource`.
@Suite struct DiffableAnimationDefectTests {
  /// An animated apply that deletes the last items and reconfigures another: the deleted items'
  /// cells depart with their old indices, which the reconfigure pass must not look up in the
  /// new, shorter snapshot (it trapped with "Index out of range").
  @Test func reconfigureDuringAnAnimatedDeleteSkipsDepartingCells() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    list.register("cell") { RecordingCell() }
    var reconfigured: [Int] = []
    let source = DiffableDataSource<RecordingCell, Int>(
      list: list,
      cellProvider: { list, index, id in
        let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        cell.identity = AnyHashable(id)
        return cell
      },
      cellReconfigurer: { cell, _, id in
        cell.identity = AnyHashable(id)
        reconfigured.append(id)
      })
    list.viewportSize = Size(width: 320, height: 480)
    var snapshot = ListSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<5))
    source.apply(snapshot)
    list.layoutIfNeeded()
    list.updateAnimation = .default
    var next = snapshot
    next.deleteItems([3, 4])
    next.reconfigureItems([1])
    source.apply(next)
    #expect(reconfigured == [1])
    #expect(list.cellsDeparting == 2)
    #expect(list.placements.filter { !$0.isDeparting }.map(\.index) == [0, 1, 2])
  }
}
