import Reel
import ReelTestSupport
import ReelTesting
import Testing

/// Misuse of snapshots and the diffable data source stops the process with a message that
/// names the broken contract.
@Suite struct DiffingMisuseExitTests {
  @Test func duplicateItemInASnapshot() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([3, 2], toSection: "b")
      },
      "ListSnapshot.appendItems(_:toSection:): item 2 is already in section a; item identifiers "
        + "must be unique")
  }

  @Test func duplicateSection() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendSections(["a", "b", "a"])
      }, "ListSnapshot.appendSections(_:): section a is already in the snapshot")
  }

  @Test func appendingWithoutASection() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendItems([1])
      }, "the snapshot has no section; append one first")
  }

  @Test func reconfiguringAnItemThatIsNotInTheSnapshot() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1])
        snapshot.reconfigureItems([5])
      }, "ListSnapshot.reconfigureItems(_:): item 5 is not in the snapshot")
  }

  @Test func applyingSeveralSectionsToAFlatList() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.register("cell") { RecordingCell() }
        let source = DiffableDataSource<RecordingCell, Int>(list: list) { list, index, _ in
          list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        }
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        source.apply(snapshot)
      }, "the snapshot has 2 sections, but a list without sections applies snapshots of at most one"
    )
  }

  @Test func applyingAfterTheDataSourceWasReplaced() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.register("cell") { RecordingCell() }
        let source = DiffableDataSource<RecordingCell, Int>(list: list) { list, index, _ in
          list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        }
        let other = ArrayDataSource(items: [1, 2])
        list.dataSource = other
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        withExtendedLifetime(other) { source.apply(snapshot) }
      }, "the list's data source was replaced")
  }
}
