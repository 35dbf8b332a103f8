import Testing

@testable import Reel

/// A cell numbered in creation order, so that two lists can be compared cell for cell.
private final class SerialCell: ReusableCell {
  let serial: Int
  var item = -1
  init(serial: Int) { self.serial = serial }
  func prepareForReuse() { item = -1 }
}

/// Items of one or two kinds (every third item a "header" when `kinds` is 2); records the
/// displays it is told about when it is also the delegate.
private final class SerialSource: VirtualListDataSource, VirtualListDelegate {
  let count: Int
  let kinds: Int
  var ended: [Int] = []
  init(count: Int, kinds: Int = 1) {
    self.count = count
    self.kinds = kinds
  }
  func numberOfItems(in list: VirtualList<SerialCell>) -> Int { count }
  func virtualList(_ list: VirtualList<SerialCell>, cellForItemAt index: Int) -> SerialCell {
    let identifier = kinds == 2 && index % 3 == 0 ? "header" : "row"
    let cell = list.dequeueReusableCell(withReuseIdentifier: identifier, for: index)
    cell.item = index
    return cell
  }
  func virtualList(
    _ list: VirtualList<SerialCell>, didEndDisplaying cell: SerialCell, forItemAt index: Int
  ) { ended.append(index) }
}

/// A list whose factories number their cells, with or without a delegate.
private func serialList(source: SerialSource, delegate: Bool) -> VirtualList<SerialCell> {
  let list = VirtualList<SerialCell>(layout: UniformLayout(extent: 44))
  var serial = 0
  for identifier in ["row", "header"] {
    list.register(identifier) {
      serial += 1
      return SerialCell(serial: serial)
    }
  }
  list.dataSource = source
  if delegate { list.delegate = source }
  list.viewportSize = Size(width: 390, height: 844)
  list.layoutIfNeeded()
  return list
}

@Suite struct ReuseStackTests {
  /// A jump with no delegate must hand the same cells to the same items, in the same order, as
  /// a jump that tells a delegate, with one kind of cell or two.
  @Test(arguments: [1, 2]) func jumpsWithoutADelegateReuseCellsAsJumpsWithOne(kinds: Int) {
    let plainSource = SerialSource(count: 10_000, kinds: kinds)
    let toldSource = SerialSource(count: 10_000, kinds: kinds)
    let plain = serialList(source: plainSource, delegate: false)
    let told = serialList(source: toldSource, delegate: true)
    for target in [5_000, 120, 9_990, 4_321, 0, 7_777] {
      // A reload empties the window outside a pass, its caps deferred too.
      if target == 4_321 {
        plain.reloadData()
        told.reloadData()
      }
      plain.scrollToItem(at: target, alignment: .center)
      told.scrollToItem(at: target, alignment: .center)
      plain.layoutIfNeeded()
      told.layoutIfNeeded()
      let plainCells = plain.placements.map { [$0.index, $0.cell.serial, $0.cell.item] }
      let toldCells = told.placements.map { [$0.index, $0.cell.serial, $0.cell.item] }
      #expect(plainCells == toldCells, "after the jump to \(target)")
      #expect(plain.placements.allSatisfy { $0.cell.item == $0.index })
      #expect(plain.cellsPooled == told.cellsPooled)
      #expect(plain.invariantViolations().isEmpty)
    }
    #expect(!toldSource.ended.isEmpty)
    // Both paths made the same cells; with one kind, no more than the largest window.
    #expect(plain.cellsCreated == told.cellsCreated)
    if kinds == 1 { #expect(plain.cellsCreated == plain.largestWindowCount) }
  }
}
