import Reel
import ReelTesting
import Testing

/// Small conveniences: the way the content is scrolling, and a flat diffable data source's
/// snapshot without its section identifier.
@Suite struct ListDirectionAndDiffableTests {
  func makeList() -> (VirtualList<RecordingCell>, ArrayDataSource<Int>) {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    let source = ArrayDataSource(items: Array(0..<1_000))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 440)
    list.layoutIfNeeded()
    return (list, source)
  }

  @Test func scrollDirectionFollowsDragsFlingsAndAnimations() {
    let (list, source) = makeList()
    defer { withExtendedLifetime(source) {} }
    let clock = ManualClock()
    #expect(list.scrollDirection == nil, "at rest")
    list.beginDrag(at: Point(x: 10, y: 300), time: clock.now)
    clock.advance(seconds: 0.016)
    list.drag(to: Point(x: 10, y: 200), time: clock.now)
    #expect(list.scrollDirection == .forward, "a finger moving up scrolls toward later items")
    clock.advance(seconds: 0.016)
    list.drag(to: Point(x: 10, y: 250), time: clock.now)
    #expect(list.scrollDirection == .backward)
    list.endDrag(at: clock.now, velocity: 1_500)
    #expect(list.scrollDirection == .forward, "the fling goes on toward later items")
    list.settle(clock: clock)
    #expect(list.scrollDirection == nil, "at rest again")
    #expect(list.contentOffset > 0)
    list.scrollToItem(at: 0, alignment: .start, animated: true)
    #expect(list.scrollDirection == .backward, "an animation heads for its target from the start")
    list.run(seconds: 0.05, clock: clock)
    #expect(list.scrollDirection == .backward)
    list.settle(clock: clock)
    list.scrollToItem(at: 500, alignment: .start, animated: true)
    #expect(list.scrollDirection == .forward)
  }

  @Test func flatDiffableSnapshotNeedsNoSectionIdentifier() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    list.register("cell") { RecordingCell() }
    let dataSource = DiffableDataSource<RecordingCell, String>(list: list) { list, index, _ in
      list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    }
    var first = ListSnapshot<String, String>()
    first.appendSections(["main"])
    first.appendItems(["a", "b"])
    dataSource.apply(first)
    var next = dataSource.snapshot()
    #expect(next.itemIdentifiers == ["a", "b"])
    next.appendItems(["c"])
    dataSource.apply(next)
    #expect(dataSource.itemIdentifiers == ["a", "b", "c"])
  }
}
