import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// Each precondition of `VirtualList.measure(_:)` and `MeasurementBatch.setExtent(_:forItemAt:)`
/// stops the process with a message naming the broken contract.
@Suite struct MeasurementBatchExitTests {
  @Test func anIndexOutOfBounds() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        withExtendedLifetime(source) {
          list.measure { $0.setExtent(10, forItemAt: 10) }
        }
      }, "MeasurementBatch.setExtent(_:forItemAt:): index 10 is out of bounds 0..<10")
  }

  @Test func aNegativeIndex() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        withExtendedLifetime(source) {
          list.measure { $0.setExtent(10, forItemAt: -1) }
        }
      }, "MeasurementBatch.setExtent(_:forItemAt:): index -1 is out of bounds 0..<10")
  }

  @Test func aNegativeExtent() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        withExtendedLifetime(source) {
          list.measure { $0.setExtent(-5, forItemAt: 0) }
        }
      }, "MeasurementBatch.setExtent(_:forItemAt:): extent must be finite and ≥ 0, got -5.0")
  }

  @Test func aNonFiniteExtent() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        withExtendedLifetime(source) {
          list.measure { $0.setExtent(.nan, forItemAt: 0) }
        }
      }, "MeasurementBatch.setExtent(_:forItemAt:): extent must be finite and ≥ 0, got nan")
  }

  @Test func aLayoutThatDoesNotMeasure() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.measure { _ in }
      }, "measure(_:) needs a layout that measures, such as VariableLayout; UniformLayout does not")
  }

  @Test func fromACallback() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        let delegate = OnDisplay { list in list.measure { $0.setExtent(10, forItemAt: 0) } }
        list.delegate = delegate
        list.viewportSize = Size(width: 100, height: 100)
        withExtendedLifetime((source, delegate)) { list.layoutIfNeeded() }
      },
      "VirtualList.measure(_:) was called from inside a data source or delegate callback")
  }

  /// The body reloads fewer items than the batch measured: the indices are checked again.
  @Test func theListShrankWhileTheBatchWasRecorded() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
        source.install(on: list)
        list.viewportSize = Size(width: 100, height: 100)
        withExtendedLifetime(source) {
          list.measure { batch in
            batch.setExtent(10, forItemAt: 8)
            source.items = Array(0..<5)
            list.reloadData()
          }
        }
      },
      "VirtualList.measure(_:): index 8 is out of bounds 0..<5 (the list changed while the "
        + "batch was recorded)")
  }
}
