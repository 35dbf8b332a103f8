import Reel
import ReelTesting
import Testing

/// Animated scrolls in a list that measures its rows as they are placed land exactly where they
/// were aimed: the rows measured on the way (true extents 20–120 against an estimate of 44) move
/// the target while the motion travels, and the motion follows it.
@Suite struct MeasuredScrollLandingTests {
  /// A list of `count` rows whose true extents are seeded, measured as they are placed.
  final class Subject {
    let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
    let source: ArrayDataSource<Int>
    var extents: [Double]
    var now = ReelInstant.zero

    init(seed: UInt64, count: Int = 2_000) {
      var rng = SplitMix64(seed: seed)
      extents = (0..<count).map { _ in Double(rng.int(in: 20...120)) }
      source = ArrayDataSource(items: Array(0..<count))
      source.install(on: list)
      list.viewportSize = Size(width: 320, height: 600)
      measurePlaced()
    }

    /// Lays out and measures what is placed until nothing changes, as a frontend's frame does.
    func measurePlaced() {
      list.layoutIfNeeded()
      list.measure { batch in
        for placement in list.placements {
          batch.setExtent(extents[placement.index], forItemAt: placement.index)
        }
      }
      list.layoutIfNeeded()
    }

    /// Frames of 1/60 s until the motion ends (at most ten seconds of them).
    func runUntilRest() {
      for _ in 0..<600 where list.needsFrames {
        now = now.advanced(by: .milliseconds(16))
        list.tick(now)
        measurePlaced()
      }
    }

    /// The first row whose end lies past the offset.
    var firstVisible: Int? { list.placements.map(\.index).min() }
  }

  static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

  @Test(arguments: seeds) func endThenHomeLandsOnTheFirstRow(seed: UInt64) {
    let subject = Subject(seed: seed)
    for round in 0..<3 {
      #expect(subject.list.handle(.end), "seed \(seed) round \(round): End moves")
      subject.runUntilRest()
      #expect(
        subject.list.contentOffset == subject.list.maximumOffset,
        "seed \(seed) round \(round): End rests at the end")
      #expect(subject.list.handle(.home), "seed \(seed) round \(round): Home moves")
      subject.runUntilRest()
      #expect(subject.list.contentOffset == 0, "seed \(seed) round \(round): Home rests at 0")
      #expect(subject.firstVisible == 0, "seed \(seed) round \(round): row 0 is first")
    }
  }

  @Test(arguments: seeds) func scrollToItemLandsOnTheItem(seed: UInt64) {
    let subject = Subject(seed: seed)
    let list = subject.list
    var checked = 0
    for target in [1_500, 20, 1_999, 0, 700] {
      list.scrollToItem(at: target, alignment: .start, animated: true)
      subject.runUntilRest()
      let frame = list.placements.first { $0.index == target }?.frame
      let expected = min(
        list.targetOffset(forVirtualIndex: target, alignment: .start), list.maximumOffset)
      #expect(list.contentOffset == expected, "seed \(seed): item \(target) rests at its offset")
      #expect(frame != nil, "seed \(seed): item \(target) is placed")
      checked += 1
    }
    #expect(checked == 5)
  }

  /// A line or page move aims at the point of the content a line or page away when the key is
  /// pressed: it rests with that point at the top, however the rows before it were measured on
  /// the way.
  @Test(arguments: seeds) func keyMovesLandOnThePointTheyAimedAt(seed: UInt64) {
    let subject = Subject(seed: seed)
    let list = subject.list
    list.scrollToItem(at: 1_000, alignment: .start)
    subject.measurePlaced()
    var checked = 0
    let keys: [NavigationKey] = [.pageBackward, .pageBackward, .backward, .pageForward, .forward]
    for key in keys {
      #expect(list.handle(key), "seed \(seed): \(key) moves")
      let aimed = list.restingOffset
      let row = list.layout.indices(intersecting: aimed..<aimed.nextUp).lowerBound
      let distance = aimed - list.layout.slot(at: row).offset
      subject.runUntilRest()
      let expected = min(max(list.layout.slot(at: row).offset + distance, 0), list.maximumOffset)
      #expect(
        abs(list.contentOffset - expected) < 1e-9,
        "seed \(seed): \(key) rests on row \(row) at \(distance) past its start")
      checked += 1
    }
    #expect(checked == keys.count)
  }
}
