import Reel
import ReelTesting
import Testing

/// Home and End in a cyclic list go to the first and the last item, the shortest way round
/// (the keys the terminal router maps to `NavigationKey.home` and `.end`). A cyclic list keeps
/// its offset inside one period, so the tests follow the path frame by frame.
@Suite struct CyclicHomeEndTests {
  /// Runs `key` on a cyclic list of 10 items in a viewport of `viewport` points, from `offset`,
  /// and returns the signed distance travelled (summed over 16 ms frames) and the data index at
  /// rest at the leading edge.
  private func travel(
    after key: NavigationKey, from offset: Double, layout: some ListLayout, count: Int,
    viewport: Size, axis: Axis
  ) -> (distance: Double, index: Int?) {
    let list = VirtualList<RecordingCell>(layout: layout, axis: axis, wrapping: .cyclic)
    let source = ArrayDataSource(items: Array(0..<count))
    source.install(on: list)
    list.viewportSize = viewport
    list.contentOffset = offset
    list.tick(.zero)
    #expect(list.handle(key), "\(key) from \(offset) did not move")
    let period = Double(count) * (axis == .vertical ? 1 : viewport.width)
    var distance = 0.0
    var previous = list.contentOffset
    var frames = 0
    while list.needsFrames && frames < 1_000 {
      frames += 1
      list.tick(ReelInstant(seconds: Double(frames) * 0.016))
      var step = list.contentOffset - previous
      step -= (step / period).rounded() * period  // undo a whole-period recentring
      distance += step
      previous = list.contentOffset
    }
    #expect(!list.needsFrames)
    return withExtendedLifetime(source) { (distance.rounded(), list.restingIndex) }
  }

  private func rows(_ key: NavigationKey, from offset: Double) -> Double {
    travel(
      after: key, from: offset, layout: UniformLayout(extent: 1), count: 10,
      viewport: Size(width: 10, height: 4), axis: .vertical
    ).distance
  }

  @Test func homeGoesToItemZeroTheShortWay() {
    #expect(rows(.home, from: 3) == -3)
    #expect(rows(.home, from: 8) == 2)  // on to the next loop's item 0, not back 8
  }

  @Test func endShowsTheLastItemAtTheEndTheShortWay() {
    #expect(rows(.end, from: 0) == -4)  // back: item 9 ends where item 0 began
    #expect(rows(.end, from: 3) == 3)  // on: item 9 ends at row 10, not back 7
  }

  /// A snapping cyclic list (5 pages) moves by items: Home from the last page goes on to the
  /// next loop's first page, End from the first back to the last.
  @Test func snappingPagesGoTheShortWay() {
    let home = travel(
      after: .home, from: 40, layout: PagingLayout(), count: 5,
      viewport: Size(width: 10, height: 3), axis: .horizontal)
    #expect(home.distance == 10)
    #expect(home.index == 0)
    let end = travel(
      after: .end, from: 0, layout: PagingLayout(), count: 5,
      viewport: Size(width: 10, height: 3), axis: .horizontal)
    #expect(end.distance == -10)
    #expect(end.index == 4)
  }
}
