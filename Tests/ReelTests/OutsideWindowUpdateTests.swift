import Reel
import ReelTesting
import Testing

/// Batch updates that change only items outside the displayed ones (appends, typically, and
/// changes far above or below) take fast paths: the layout's update, the anchor or the end kept
/// in place, the window's cells kept for the next pass. Each test runs the same seeded random
/// script on two lists: one whose layout the fast paths know, and one with the same layout
/// behind a forwarding wrapper, which the general path handles. Every step must give both the
/// same placements, offset and end-following state.
@Suite struct OutsideWindowUpdateTests {
  /// A layout the fast path does not recognise: the general path's reference.
  struct Forwarding: ListLayout {
    var inner: any ListLayout
    /// A reference the layout keeps, for tests of when the list lets go of a layout.
    var held: (any AnyObject & Sendable)? = nil
    mutating func prepare(for context: LayoutContext) { inner.prepare(for: context) }
    var contentExtent: Double { inner.contentExtent }
    var period: LayoutPeriod { inner.period }
    func slot(at virtualIndex: Int) -> Slot { inner.slot(at: virtualIndex) }
    func indices(intersecting interval: Range<Double>) -> Range<Int> {
      inner.indices(intersecting: interval)
    }
    var supportsMeasuredExtents: Bool { inner.supportsMeasuredExtents }
    mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
      inner.setExtent(extent, forItemAt: index)
    }
    mutating func apply(_ changes: IndexChanges) { inner.apply(changes) }
  }

  /// Items counted, and the cells asked for.
  final class Source: VirtualListDataSource {
    var count: Int
    var cellRequests = 0
    init(count: Int) { self.count = count }
    func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { count }
    func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
      -> RecordingCell
    {
      cellRequests += 1
      let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
      cell.item = index
      return cell
    }
  }

  /// One list and its data source.
  struct Subject {
    let list: VirtualList<RecordingCell>
    let source: Source

    init(layout: any ListLayout, count: Int, anchoring: ContentAnchoring) {
      source = Source(count: count)
      list = VirtualList<RecordingCell>(layout: layout)
      list.register("cell") { RecordingCell() }
      list.anchoring = anchoring
      list.dataSource = source
      list.viewportSize = Size(width: 320, height: 480)
      list.layoutIfNeeded()
    }

    /// What a frontend sees.
    var state: String {
      let shown = list.placements.map { "\($0.index)@\($0.frame)" }.joined(separator: " ")
      return "offset \(list.contentOffset) end \(list.isFollowingEnd) "
        + "new \(list.newItemsBelow): \(shown)"
    }
  }

  /// Runs `steps` random operations on a fast and a reference list built from `layout`.
  /// Returns the cells the reference asked for inside batch updates (the general path builds
  /// the window at once; the fast path leaves it to the pass).
  func compare(seed: UInt64, layout: any ListLayout, measuring: Bool) -> Int {
    var rng = SplitMix64(seed: seed)
    let count = rng.int(in: 0...120)
    let anchoring: ContentAnchoring = rng.int(in: 0...3) == 0 ? .start : .end
    let fast = Subject(layout: layout, count: count, anchoring: anchoring)
    let reference = Subject(layout: Forwarding(inner: layout), count: count, anchoring: anchoring)
    var sizes = (0..<count).map { _ in Double(rng.int(in: 200...1_200)) / 10 }
    var requestedInUpdates = 0
    func measure(_ indices: [Int]) {
      guard measuring else { return }
      // One at a time, each applied at once (reading the offset applies it): a batch sums
      // the store's extents in another order than single measurements, up to a rounding.
      for index in indices {
        fast.list.setMeasuredExtent(sizes[index], forItemAt: index)
        reference.list.setMeasuredExtent(sizes[index], forItemAt: index)
        _ = (fast.list.contentOffset, reference.list.contentOffset)
      }
    }
    /// The displayed items, after a pass on both lists.
    func displayed() -> [Int] {
      _ = reference.list.placements
      return fast.list.placements.map(\.index)
    }
    measure(displayed())
    func size() -> Double { Double(rng.int(in: 200...1_200)) / 10 }
    for step in 0..<40 {
      switch rng.int(in: 0...10) {
      case 0...3:
        // Appends: always after the window, so the fast path must take them.
        let k = rng.int(in: 1...3)
        let old = fast.source.count
        // Sometimes after a measurement or a scroll that no pass followed yet.
        switch rng.int(in: 0...5) {
        case 0: measure(Array(max(0, old - 3)..<old))
        case 1:
          let delta = Double(rng.int(in: -300...300))
          fast.list.contentOffset += delta
          reference.list.contentOffset += delta
        default: break
        }
        sizes += (0..<k).map { _ in size() }
        for subject in [fast, reference] {
          subject.source.count += k
          let before = subject.source.cellRequests
          do {
            try subject.list.performBatchUpdates { $0.insert(at: old..<(old + k)) }
          } catch {
            Issue.record("seed \(seed) step \(step): \(error)")
          }
          let asked = subject.source.cellRequests - before
          if subject.list === fast.list {
            #expect(asked == 0, "seed \(seed) step \(step): the append took the general path")
          } else {
            requestedInUpdates += asked
          }
        }
        measure(Array(old..<(old + k)).filter { _ in rng.int(in: 0...3) != 0 })
      case 4:
        // Insertions or deletions anywhere: before, inside or after the window.
        let count = fast.source.count
        var update = BatchUpdate()
        if count > 0 && rng.int(in: 0...1) == 0 {
          let index = rng.int(in: 0...(count - 1))
          update.delete(at: index)
          sizes.remove(at: index)
        } else {
          let index = rng.int(in: 0...count)
          update.insert(at: index)
          sizes.insert(size(), at: index)
        }
        for subject in [fast, reference] {
          subject.source.count = sizes.count
          do { try subject.list.performBatchUpdates(update) } catch {
            Issue.record("seed \(seed) step \(step): \(error)")
          }
        }
      case 5 where measuring && !sizes.isEmpty:
        sizes[sizes.count - 1] += 20
        measure([sizes.count - 1])
      case 6:
        let delta = Double(rng.int(in: -400...200))
        fast.list.contentOffset += delta
        reference.list.contentOffset += delta
      case 7:
        fast.list.scrollToEnd(animated: false)
        reference.list.scrollToEnd(animated: false)
      default:
        measure(displayed())
      }
      fast.list.layoutIfNeeded()
      reference.list.layoutIfNeeded()
      let (a, b) = (fast.state, reference.state)
      #expect(a == b, "seed \(seed) step \(step): fast path\n\(a)\ngeneral path\n\(b)")
      if a != b { break }
    }
    return requestedInUpdates
  }

  @Test func appendsToAVariableLayoutMatchTheGeneralPath() {
    var requested = 0
    for seed in UInt64(0)..<80 {
      requested += compare(
        seed: seed, layout: VariableLayout(estimatedExtent: 50, spacing: Double(seed % 3)),
        measuring: true)
    }
    // The reference really ran the other path: it built windows inside the updates.
    #expect(requested > 0)
  }

  @Test func appendsToAnEstimatedVariableLayoutMatchTheGeneralPath() {
    var requested = 0
    for seed in UInt64(100)..<140 {
      requested += compare(
        seed: seed, layout: VariableLayout(estimatedExtent: 44), measuring: false)
    }
    #expect(requested > 0)
  }

  @Test func appendsToAUniformLayoutMatchTheGeneralPath() {
    var requested = 0
    for seed in UInt64(200)..<260 {
      requested += compare(
        seed: seed, layout: UniformLayout(extent: 44, spacing: 2), measuring: false)
    }
    #expect(requested > 0)
  }
}
