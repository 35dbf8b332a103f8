import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// The documented preconditions of calls made from callbacks, of bounds and of tuning values:
/// each stops the process with a message naming the broken contract. Each test spawns a
/// process, so there is one per contract.
@Suite struct ContractExitTests {
  // MARK: Calls from inside callbacks

  @Test func registerFromACallback() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = laidOutList(source)
        let delegate = OnDisplay { $0.register("late") { RecordingCell() } }
        list.delegate = delegate
        list.contentOffset = 400
        withExtendedLifetime((source, delegate)) { list.layoutIfNeeded() }
      },
      "VirtualList.register(_:capacity:factory:) was called from inside a data source or delegate callback"
    )
  }

  @Test func batchUpdatesFromACallback() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = laidOutList(source)
        let delegate = OnDisplay { try? $0.performBatchUpdates { $0.reload(at: 0) } }
        list.delegate = delegate
        list.contentOffset = 400
        withExtendedLifetime((source, delegate)) { list.layoutIfNeeded() }
      },
      "VirtualList.performBatchUpdates(_:) was called from inside a data source or delegate "
        + "callback")
  }

  @Test func measurementFromACallback() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        let delegate = OnDisplay { $0.setMeasuredExtent(10, forItemAt: 0) }
        list.delegate = delegate
        list.viewportSize = Size(width: 100, height: 100)
        withExtendedLifetime((source, delegate)) { list.layoutIfNeeded() }
      },
      "VirtualList.setMeasuredExtent(_:forItemAt:) was called from inside a data source or "
        + "delegate callback")
  }

  @Test func dequeueForAnotherIndex() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class Source: VirtualListDataSource {
          func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 3 }
          func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
            -> RecordingCell
          { list.dequeueReusableCell(withReuseIdentifier: "cell", for: index + 1) }
        }
        layOut(Source())
      },
      "dequeueReusableCell(withReuseIdentifier:for:) was called for index 1 while the list "
        + "asked for index 0")
  }

  @Test func nonFiniteDragTarget() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class Aimer: VirtualListDelegate {
          func virtualList(
            _ list: VirtualList<RecordingCell>, willEndDraggingWithVelocity velocity: Double,
            targetOffset: inout Double
          ) { targetOffset = .nan }
        }
        let source = ArrayDataSource(items: Array(0..<10))
        let list = laidOutList(source)
        let aimer = Aimer()
        list.delegate = aimer
        list.beginDrag(at: Point(x: 50, y: 80), time: .zero)
        list.drag(to: Point(x: 50, y: 20), time: ReelInstant(seconds: 0.016))
        withExtendedLifetime((source, aimer)) {
          list.endDrag(at: ReelInstant(seconds: 0.016), velocity: 1_000)
        }
      }, "willEndDragging set a non-finite target offset nan")
  }

  // MARK: Bounds

  @Test func outOfRangeMeasurement() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        withExtendedLifetime(source) { list.setMeasuredExtent(10, forItemAt: 10) }
      }, "setMeasuredExtent(_:forItemAt:): index 10 is out of bounds 0..<10")
  }

  @Test func nearestVirtualIndexOutOfBounds() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = laidOutList(source)
        withExtendedLifetime(source) { _ = list.nearestVirtualIndex(forItemAt: 10) }
      }, "index 10 is out of bounds 0..<10")
  }

  @Test func variableLayoutSetExtentOutOfBounds() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var layout = VariableLayout(extents: [10, 20], estimatedExtent: 10)
        layout.prepare(
          for: LayoutContext(count: 2, viewportSize: .zero, axis: .vertical, wrapping: .bounded))
        _ = layout.setExtent(5, forItemAt: 2)
      }, "VariableLayout.setExtent: index 2 is out of bounds 0..<2")
  }

  @Test func remapWithTheWrongNumberOfValues() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let changes = try? IndexChanges(oldCount: 3, update: BatchUpdate())
        _ = changes?.remap([1, 2], inserted: 0)
      }, "IndexChanges.remap: expected 3 values, got 2")
  }

  @Test func negativeLayoutContextCount() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = LayoutContext(count: -1, viewportSize: .zero, axis: .vertical, wrapping: .bounded)
      }, "LayoutContext: count must be ≥ 0, got -1")
  }

  // MARK: Tuning values

  @Test func negativeOverscanSet() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.overscan = -1
      }, "VirtualList.overscan must be ≥ 0, got -1")
  }

  @Test func negativeAnimationDuration() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.setContentOffset(10, duration: -1, timing: .linear)
      }, "setContentOffset(_:duration:timing:): duration must be finite and ≥ 0, got -1.0")
  }

  @Test func nonFiniteAnimationDuration() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.setContentOffset(10, duration: .infinity, timing: .linear)
      }, "setContentOffset(_:duration:timing:): duration must be finite and ≥ 0, got inf")
  }

  @Test func zeroMaximumItemsPerFling() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Snapping(maximumItemsPerFling: 0)
      }, "Snapping: maximumItemsPerFling must be ≥ 1")
  }

  @Test func zeroMaximumItemExtent() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = PagingLayout(maximumItemExtent: 0)
      }, "PagingLayout: maximumItemExtent must be finite and > 0 when given")
  }

  @Test func negativePoolCapacity() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var pools = ReusePools<RecordingCell>()
        let key = pools.register("cell", capacity: 5) { RecordingCell() }
        pools.setCapacity(-1, for: key)
      }, "setCapacity(_:for:): pool capacity must be ≥ 0, got -1")
  }
}
