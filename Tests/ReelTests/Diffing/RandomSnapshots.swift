import Reel
import ReelTesting

/// Seeded random snapshots for the snapshot tests: sections are letters, items integers.
struct RandomSnapshots {
  var rng: SplitMix64
  /// The next unused section and item identifiers.
  private var nextSection = 0
  private var nextItem = 0

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func freshSection() -> String {
    defer { nextSection += 1 }
    return "s\(nextSection)"
  }

  mutating func freshItems(_ count: Int) -> [Int] {
    defer { nextItem += count }
    return Array(nextItem..<nextItem + count)
  }

  /// A snapshot of up to `maxSections` sections of up to `maxItems` items each.
  mutating func snapshot(maxSections: Int = 4, maxItems: Int = 8) -> ListSnapshot<String, Int> {
    var snapshot = ListSnapshot<String, Int>()
    for _ in 0..<rng.int(in: 0...maxSections) {
      let section = freshSection()
      snapshot.appendSections([section])
      snapshot.appendItems(freshItems(rng.int(in: 0...maxItems)), toSection: section)
    }
    return snapshot
  }

  /// A random element of a non-empty array.
  mutating func pick<T>(_ values: [T]) -> T { values[rng.int(in: 0...values.count - 1)] }

  /// Applies `count` random mutations through the snapshot's own API; with `marks`, some of
  /// them mark items reloaded or reconfigured.
  mutating func mutate(_ snapshot: inout ListSnapshot<String, Int>, count: Int, marks: Bool) {
    for _ in 0..<count {
      let sections = snapshot.sectionIdentifiers
      let items = snapshot.itemIdentifiers
      switch rng.int(in: 0...(marks ? 11 : 9)) {
      case 0 where !sections.isEmpty:
        snapshot.deleteSections([pick(sections)])
      case 1:
        snapshot.appendSections([freshSection()])
      case 2 where !sections.isEmpty:
        snapshot.insertSections([freshSection()], beforeSection: pick(sections))
      case 3 where sections.count > 1:
        let (a, b) = (pick(sections), pick(sections))
        if a != b {
          if rng.int(in: 0...1) == 0 {
            snapshot.moveSection(a, beforeSection: b)
          } else {
            snapshot.moveSection(a, afterSection: b)
          }
        }
      case 4 where !items.isEmpty:
        snapshot.deleteItems([pick(items)])
      case 5 where !sections.isEmpty:
        snapshot.appendItems(freshItems(rng.int(in: 1...3)), toSection: pick(sections))
      case 6 where !items.isEmpty:
        if rng.int(in: 0...1) == 0 {
          snapshot.insertItems(freshItems(rng.int(in: 1...2)), beforeItem: pick(items))
        } else {
          snapshot.insertItems(freshItems(1), afterItem: pick(items))
        }
      case 7, 8, 9:
        guard items.count > 1 else { continue }
        let (a, b) = (pick(items), pick(items))
        guard a != b else { continue }
        if rng.int(in: 0...1) == 0 {
          snapshot.moveItem(a, beforeItem: b)
        } else {
          snapshot.moveItem(a, afterItem: b)
        }
      case 10 where !items.isEmpty:
        snapshot.reloadItems([pick(items)])
      case 11 where !items.isEmpty:
        snapshot.reconfigureItems([pick(items)])
      default:
        continue
      }
    }
  }
}
