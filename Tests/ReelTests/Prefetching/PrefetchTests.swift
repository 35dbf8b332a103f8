import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// Records prefetch calls, and what the list displayed after each frame.
final class PrefetchRecorder: VirtualListPrefetchingDataSource {
  var prefetched: [Int] = []
  var cancelled: [Int] = []
  func virtualList(_ list: VirtualList<RecordingCell>, prefetchItemsAt indices: [Int]) {
    prefetched += indices
  }
  func virtualList(_ list: VirtualList<RecordingCell>, cancelPrefetchingForItemsAt indices: [Int]) {
    cancelled += indices
  }
}

@Suite struct PrefetchTests {
  @Test func plannerLooksFurtherAheadWhenFaster() {
    var planner = PrefetchPlanner()
    _ = planner.update(window: 0..<10, offset: 0, itemExtent: 10, count: 1_000)
    let slow = planner.update(window: 0..<10, offset: 1, itemExtent: 10, count: 1_000)
    #expect(slow.prefetch == [10, 11, 12])
    var fast = PrefetchPlanner()
    _ = fast.update(window: 0..<10, offset: 0, itemExtent: 10, count: 1_000)
    let plan = fast.update(window: 5..<15, offset: 50, itemExtent: 10, count: 1_000)
    #expect(plan.prefetch == Array(15..<27))
    #expect(plan.cancel.isEmpty)
  }

  @Test func plannerCancelsOnlyWhenTheDirectionChanges() {
    var planner = PrefetchPlanner(minimumDistance: 3, maximumDistance: 3, itemsPerItemMoved: 0)
    _ = planner.update(window: 0..<10, offset: 0, itemExtent: 10, count: 100)
    #expect(
      planner.update(window: 0..<10, offset: 5, itemExtent: 10, count: 100).prefetch == [
        10, 11, 12,
      ])
    // Same direction: 10 came into view, nothing is cancelled.
    let on = planner.update(window: 1..<11, offset: 12, itemExtent: 10, count: 100)
    #expect(on.cancel.isEmpty && on.prefetch == [13])
    let back = planner.update(window: 0..<10, offset: 4, itemExtent: 10, count: 100)
    #expect(back.cancel == [11, 12, 13])
    #expect(back.prefetch.isEmpty)  // nothing before 0 in a bounded list
  }

  /// A fling measured frame by frame with the manual clock: every item that comes into view
  /// after the first frame was prefetched on an earlier frame, and nothing is cancelled.
  @Test func prefetchedItemsAreTheOnesThatAppearOnAFling() {
    let h = makeList(count: 5_000, overscan: 0)
    let recorder = PrefetchRecorder()
    h.list.prefetchDataSource = recorder
    let clock = ManualClock()
    h.list.beginDrag(at: Point(x: 10, y: 600), time: clock.now)
    clock.advance(seconds: 1.0 / 60)
    h.list.drag(to: Point(x: 10, y: 560), time: clock.now)
    h.list.endDrag(at: clock.now, velocity: 6_000)
    var seen = Set(h.list.placements.map(\.index))
    var appeared: [Int] = []
    var unannounced: [Int] = []
    for _ in 0..<240 {
      let before = Set(recorder.prefetched)
      clock.advance(seconds: 1.0 / 60)
      h.list.tick(clock.now)
      for index in h.list.placements.map(\.index) where seen.insert(index).inserted {
        appeared.append(index)
        if !before.contains(index) { unannounced.append(index) }
      }
    }
    #expect(appeared.count > 40, "the fling moved \(appeared.count) items")
    #expect(unannounced.count <= 1, "appeared without a prefetch: \(unannounced)")
    #expect(recorder.cancelled.isEmpty)
    // Almost all prefetched items then appeared: only the look-ahead at rest did not.
    let wasted = Set(recorder.prefetched).subtracting(seen)
    #expect(wasted.count <= h.list.prefetchPlanner.maximumDistance)
  }

  @Test func reversingCancelsWhatWasAheadAndNotShown() {
    let h = makeList(count: 1_000, overscan: 0)
    let recorder = PrefetchRecorder()
    h.list.prefetchDataSource = recorder
    h.list.contentOffset = 2_000
    h.list.layoutIfNeeded()
    h.list.contentOffset = 2_030
    h.list.layoutIfNeeded()
    let ahead = recorder.prefetched
    #expect(!ahead.isEmpty && recorder.cancelled.isEmpty)
    h.list.contentOffset = 2_000
    h.list.layoutIfNeeded()
    let shown = Set(h.list.placements.map(\.index))
    #expect(Set(recorder.cancelled) == Set(ahead).subtracting(shown))
    #expect(!recorder.cancelled.isEmpty)
    #expect(recorder.cancelled.allSatisfy { !shown.contains($0) })
  }

  @Test func aPrefetchingSourceThatDequeuesStops() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class Greedy: VirtualListPrefetchingDataSource {
          func virtualList(_ list: VirtualList<RecordingCell>, prefetchItemsAt indices: [Int]) {
            _ = list.dequeueReusableCell(withReuseIdentifier: "cell", for: indices[0])
          }
        }
        let h = makeList(count: 100)
        let greedy = Greedy()
        h.list.prefetchDataSource = greedy
        h.list.layoutIfNeeded()
        h.list.contentOffset = 100
        h.list.layoutIfNeeded()
      }, "must be called from the data source's virtualList(_:cellForItemAt:)")
  }
}
