import Reel
import ReelTesting
import Testing

/// `ListSnapshot`'s mutations and lookups against a plain model: an array of sections, each an
/// identifier and an array of items.
@Suite struct ListSnapshotTests {
  typealias Model = [(section: String, items: [Int])]

  /// Every lookup of the snapshot agrees with the model.
  func expectMatches(
    _ snapshot: ListSnapshot<String, Int>, _ model: Model, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let flat = model.flatMap(\.items)
    #expect(snapshot.sectionIdentifiers == model.map(\.section), "\(context)")
    #expect(snapshot.numberOfSections == model.count, "\(context)")
    #expect(snapshot.numberOfItems == flat.count, "\(context)")
    #expect(snapshot.itemIdentifiers == flat, "\(context)")
    for (index, entry) in model.enumerated() {
      #expect(snapshot.itemIdentifiers(inSection: entry.section) == entry.items, "\(context)")
      #expect(snapshot.numberOfItems(inSection: entry.section) == entry.items.count, "\(context)")
      #expect(snapshot.indexOfSection(entry.section) == index, "\(context)")
      for (position, item) in entry.items.enumerated() {
        let path = SnapshotItemPath(section: index, item: position)
        #expect(snapshot.path(ofItem: item) == path, "\(context): item \(item)")
        #expect(snapshot.itemIdentifier(at: path) == item, "\(context): \(path)")
        #expect(snapshot.sectionIdentifier(containingItem: item) == entry.section, "\(context)")
        #expect(snapshot.indexOfItem(item) == flat.firstIndex(of: item), "\(context)")
      }
    }
    #expect(snapshot.path(ofItem: -1) == nil && snapshot.indexOfItem(-1) == nil, "\(context)")
    #expect(snapshot.indexOfSection("none") == nil, "\(context)")
  }

  @Test func buildsLikeTheModel() {
    var snapshot = ListSnapshot<String, Int>()
    var model: Model = []
    expectMatches(snapshot, model, "empty")
    snapshot.appendSections(["a", "c"])
    snapshot.appendItems([1, 2, 3])
    snapshot.appendItems([10], toSection: "a")
    snapshot.insertSections(["b"], beforeSection: "c")
    snapshot.insertSections(["d"], afterSection: "c")
    snapshot.appendItems([20, 21], toSection: "b")
    model = [("a", [10]), ("b", [20, 21]), ("c", [1, 2, 3]), ("d", [])]
    expectMatches(snapshot, model, "built")
    snapshot.insertItems([4], beforeItem: 1)
    snapshot.insertItems([5], afterItem: 3)
    snapshot.moveItem(20, afterItem: 10)
    snapshot.moveItem(2, beforeItem: 4)
    model = [("a", [10, 20]), ("b", [21]), ("c", [2, 4, 1, 3, 5]), ("d", [])]
    expectMatches(snapshot, model, "inserted and moved")
    snapshot.moveSection("d", beforeSection: "a")
    snapshot.moveSection("a", afterSection: "c")
    snapshot.deleteSections(["b"])
    snapshot.deleteItems([4, 20])
    model = [("d", []), ("c", [2, 1, 3, 5]), ("a", [10])]
    expectMatches(snapshot, model, "sections moved, deleted")
    snapshot.deleteAllItems()
    expectMatches(snapshot, [("d", []), ("c", []), ("a", [])], "all items deleted")
  }

  @Test func marksFollowTheirItems() {
    var snapshot = ListSnapshot<String, Int>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2], toSection: "a")
    snapshot.appendItems([3, 4], toSection: "b")
    snapshot.reloadItems([1, 3])
    snapshot.reconfigureItems([2, 4])
    #expect(snapshot.reloadedItemIdentifiers == [1, 3])
    #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
    snapshot.deleteItems([1])
    snapshot.deleteSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reconfiguredItemIdentifiers == [2])
    let plain = snapshot.unmarked
    #expect(plain.reconfiguredItemIdentifiers.isEmpty && plain.itemIdentifiers == [2])
    #expect(plain != snapshot)
  }

  /// Seeded random mutations, each applied through the API and by hand to the model.
  @Test func randomMutationsMatchTheModel() {
    for seed in UInt64(0)..<200 {
      var random = RandomSnapshots(seed: seed)
      var snapshot = ListSnapshot<String, Int>()
      var model: Model = []
      for step in 0..<40 {
        let context = "seed \(seed) step \(step)"
        let sections = model.map(\.section)
        let items = model.flatMap(\.items)
        switch random.rng.int(in: 0...6) {
        case 0:
          let section = random.freshSection()
          if sections.isEmpty || random.rng.int(in: 0...1) == 0 {
            snapshot.appendSections([section])
            model.append((section, []))
          } else {
            let before = random.rng.int(in: 0...sections.count - 1)
            snapshot.insertSections([section], beforeSection: sections[before])
            model.insert((section, []), at: before)
          }
        case 1 where !sections.isEmpty:
          let index = random.rng.int(in: 0...sections.count - 1)
          let fresh = random.freshItems(random.rng.int(in: 1...4))
          snapshot.appendItems(fresh, toSection: sections[index])
          model[index].items += fresh
        case 2 where !items.isEmpty:
          let item = random.pick(items)
          let fresh = random.freshItems(1)
          snapshot.insertItems(fresh, afterItem: item)
          let s = model.firstIndex { $0.items.contains(item) }!
          model[s].items.insert(fresh[0], at: model[s].items.firstIndex(of: item)! + 1)
        case 3 where !items.isEmpty:
          let item = random.pick(items)
          snapshot.deleteItems([item])
          for s in model.indices { model[s].items.removeAll { $0 == item } }
        case 4 where items.count > 1:
          let (item, target) = (random.pick(items), random.pick(items))
          guard item != target else { continue }
          snapshot.moveItem(item, beforeItem: target)
          for s in model.indices { model[s].items.removeAll { $0 == item } }
          let s = model.firstIndex { $0.items.contains(target) }!
          model[s].items.insert(item, at: model[s].items.firstIndex(of: target)!)
        case 5 where sections.count > 1:
          let (from, to) = (
            random.rng.int(in: 0...sections.count - 1), random.rng.int(in: 0...sections.count - 1)
          )
          guard from != to else { continue }
          snapshot.moveSection(sections[from], afterSection: sections[to])
          let moved = model.remove(at: from)
          model.insert(moved, at: model.firstIndex { $0.section == sections[to] }! + 1)
        case 6 where !sections.isEmpty:
          let index = random.rng.int(in: 0...sections.count - 1)
          snapshot.deleteSections([sections[index]])
          model.remove(at: index)
        default:
          continue
        }
        expectMatches(snapshot, model, context)
      }
    }
  }
}
