import ReelTesting
import Testing

@testable import Reel

/// The slots of the many cells a jump makes in a variable layout, written in one walk of its
/// store after the cells are made: the same slots, bit for bit, as the layout's `slot(at:)`.
@Suite struct JumpSlotWalkTests {
  /// Whether every displayed entry's slot is the layout's, bit for bit.
  static func slotsMatch(_ list: VirtualList<RecordingCell>, _ layout: VariableLayout) -> Bool {
    let start = list.state.window.start
    var same = true
    for (p, entry) in list.state.window.entries.enumerated() {
      let expected = layout.slot(at: start + p)
      same =
        same && entry.slot.offset.bitPattern == expected.offset.bitPattern
        && entry.slot.extent.bitPattern == expected.extent.bitPattern
        && entry.slot.crossOffset == expected.crossOffset
        && entry.slot.crossExtent == expected.crossExtent
    }
    return same
  }

  @Test func jumpsGiveTheLayoutsSlots() {
    var walked = 0
    for seed in UInt64(1)...12 {
      var rng = SplitMix64(seed: seed)
      let whole = seed % 2 == 0
      let cyclic = seed % 3 == 0
      let count = rng.int(in: 200...5_000)
      // Whole points (exact sums) or thirds (rounded sums); some items left estimated.
      let layout = VariableLayout(
        extents: (0..<count).map { _ in
          whole ? Double(rng.int(in: 10...120)) : Double(rng.int(in: 30...360)) / 3
        }, estimatedExtent: 50, spacing: [0, 1, 0.3][rng.int(in: 0...2)],
        insets: ContentInsets(start: [0, 7, 0.1][rng.int(in: 0...2)], end: 3))
      let h = makeList(
        count: count, layout: layout, wrapping: cyclic ? .cyclic : .bounded,
        viewport: Size(width: 390, height: 700))
      defer { withExtendedLifetime(h) {} }
      for jump in 0..<40 {
        let target = rng.int(in: 0...(count - 1))
        h.list.scrollToItem(at: target, alignment: .start)
        h.list.layoutIfNeeded()
        // A window refilled with more cells than are asked one by one took the walk.
        if h.list.state.window.entries.count > VirtualList<RecordingCell>.slotsAskedOneByOne {
          walked += 1
        }
        let current = h.list.layout as! VariableLayout
        #expect(
          Self.slotsMatch(h.list, current),
          "seed \(seed), jump \(jump) to \(target): a slot differs from the layout's")
        #expect(h.list.invariantViolations().isEmpty, "seed \(seed), jump \(jump)")
        if rng.int(in: 0...1) == 0 {
          let index = rng.int(in: 0...(count - 1))
          h.list.setMeasuredExtent(Double(rng.int(in: 10...120)), forItemAt: index)
        }
      }
    }
    #expect(walked > 400, "only \(walked) jumps made more cells than are asked one by one")
  }

  @Test func slotsComeFromTheCopiedLayoutWhenTheLayoutChanged() {
    let first = VariableLayout(
      extents: (0..<500).map { Double(20 + $0 % 37) }, estimatedExtent: 50)
    let second = VariableLayout(
      extents: (0..<500).map { Double(30 + $0 % 11) / 3 }, estimatedExtent: 50, spacing: 2)
    let h = makeList(count: 500, layout: first, viewport: Size(width: 390, height: 700))
    defer { withExtendedLifetime(h) {} }
    h.list.layoutIfNeeded()
    let range =
      h.list.state.window.start..<(h.list.state.window.start + h.list.state.window.entries.count)
    #expect(range.count > VirtualList<RecordingCell>.slotsAskedOneByOne)
    // The generation moved on: the slots are asked of the layout given, one by one.
    let generation = h.list.state.layoutGeneration
    h.list.fillSlots(of: 0, range, from: second, generation: generation &+ 1)
    #expect(Self.slotsMatch(h.list, second))
    // The same generation: the list's own layout (`first`, with the list's cross extent), in
    // one walk.
    h.list.fillSlots(of: 0, range, from: second, generation: generation)
    #expect(Self.slotsMatch(h.list, h.list.layout as! VariableLayout))
    #expect(!Self.slotsMatch(h.list, second))
  }

  @Test func aLayoutReplacedWhileCellsAreMadeLeavesTheNewLayoutsSlots() {
    let first = VariableLayout(
      extents: (0..<2_000).map { Double(20 + $0 % 37) }, estimatedExtent: 50)
    let second = VariableLayout(
      extents: (0..<2_000).map { Double(30 + $0 % 11) / 3 }, estimatedExtent: 50, spacing: 2)
    let list = VirtualList<RecordingCell>(layout: first, overscan: 2)
    let source = LayoutReplacingSource(count: 2_000)
    list.register("cell") { RecordingCell(reuseIdentifier: "cell") }
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 700)
    list.layoutIfNeeded()
    // The data source replaces the layout in the first call of the jump's pass.
    source.hook = { list in list.layout = second }
    list.scrollToItem(at: 1_200, alignment: .start)
    list.layoutIfNeeded()
    let current = list.layout as! VariableLayout
    #expect(current.spacing == 2)
    #expect(Self.slotsMatch(list, current))
    #expect(list.invariantViolations().isEmpty)
    withExtendedLifetime(source) {}
  }
}

/// A data source that runs a hook once, from inside its next `cellForItemAt`.
final class LayoutReplacingSource: VirtualListDataSource {
  let count: Int
  var hook: ((VirtualList<RecordingCell>) -> Void)?

  init(count: Int) { self.count = count }

  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { count }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    if let hook {
      self.hook = nil
      hook(list)
    }
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    return cell
  }
}
