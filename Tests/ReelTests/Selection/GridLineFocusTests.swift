import Reel
import ReelTesting
import Testing

/// In a grid made with `SectionedLayout(lanes:)` or `MasonryLayout`, a line move of the focus
/// (Up and Down in a vertical grid) goes to the item below or above, not to the next item.
@Suite struct GridLineFocusTests {
  @Test func sectionedGridLineMovesKeepTheLane() {
    // Rows: header 0, items 1–7 (lines 1 2 3 / 4 5 6 / 7), header 8, items 9 10, header 11,
    // items 12–20 (lines 12 13 14 / 15 16 17 / 18 19 20).
    let groups = Groups(makeGroups([7, 2, 9]), headers: true)
    let list = VirtualList<GroupCell>(
      layout: SectionedLayout(
        itemExtent: .fixed(40), headerExtent: .fixed(20), lanes: 3, itemSpacing: 2,
        laneSpacing: 4))
    groups.install(on: list)
    list.viewportSize = Size(width: 300, height: 200)
    list.layoutIfNeeded()
    let moves: [(from: Int, move: FocusMove, to: Int)] = [
      (2, .lineForward, 5), (5, .lineBackward, 2), (6, .lineForward, 7), (7, .lineForward, 9),
      (10, .lineForward, 13), (13, .lineBackward, 10), (13, .lineForward, 16),
      (9, .lineBackward, 7), (2, .laneForward, 3),
    ]
    for (from, move, to) in moves {
      list.focusedIndex = from
      #expect(list.moveFocus(move, animated: false), "\(move) from row \(from) moves")
      #expect(list.focusedIndex == to, "\(move) from row \(from)")
    }
    list.focusedIndex = 19
    #expect(!list.moveFocus(.lineForward, animated: false), "no line after the last")
  }

  @Test(arguments: [UInt64(1), 2, 3]) func masonryLineMovesFollowTheLane(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = 60
    let list = VirtualList<RecordingCell>(
      layout: MasonryLayout(lanes: 3, estimatedExtent: 100, spacing: 4, laneSpacing: 4))
    let source = ArrayDataSource(items: Array(0..<count))
    source.install(on: list)
    list.viewportSize = Size(width: 300, height: 400)
    list.layoutIfNeeded()
    list.measure { batch in
      for index in 0..<count { batch.setExtent(Double(rng.int(in: 40...200)), forItemAt: index) }
    }
    list.layoutIfNeeded()
    let slots = (0..<count).map { list.layout.slot(at: $0) }
    var checked = 0
    for index in 0..<count {
      let below = (0..<count).filter {
        slots[$0].crossOffset == slots[index].crossOffset && slots[$0].offset > slots[index].offset
      }.min { slots[$0].offset < slots[$1].offset }
      guard let below else { continue }
      list.focusedIndex = index
      #expect(list.moveFocus(.lineForward, animated: false), "seed \(seed): down from \(index)")
      #expect(list.focusedIndex == below, "seed \(seed): down from \(index)")
      #expect(list.moveFocus(.lineBackward, animated: false), "seed \(seed): up from \(below)")
      #expect(list.focusedIndex == index, "seed \(seed): up from \(below)")
      checked += 1
    }
    #expect(checked >= count - 3)
  }
}
