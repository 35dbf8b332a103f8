import ReelTesting
import Testing

@testable import Reel

/// The section index against a brute-force walk of every row.
@Suite struct SectionIndexTests {
  /// Every row's element, by walking the sections one by one.
  func reference(_ counts: [Int], headers: Bool, footers: Bool) -> [ListElement] {
    var rows: [ListElement] = []
    for (s, n) in counts.enumerated() {
      if headers { rows.append(.header(section: s)) }
      for i in 0..<n { rows.append(.item(ItemPath(item: i, section: s))) }
      if footers { rows.append(.footer(section: s)) }
    }
    return rows
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7])
  func conversionsMatchTheReference(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let sectionCount = Int.random(in: 0...40, using: &random)
    let counts = (0..<sectionCount).map { _ in
      Bool.random(using: &random)
        ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...70, using: &random)
    }
    let headers = Bool.random(using: &random)
    let footers = Bool.random(using: &random)
    let index = SectionIndex(itemCounts: counts, headers: headers, footers: footers)
    let rows = reference(counts, headers: headers, footers: footers)
    #expect(index.numberOfRows == rows.count, "seed \(seed)")
    #expect(index.numberOfSections == counts.count, "seed \(seed)")
    #expect(index.numberOfItems == counts.reduce(0, +), "seed \(seed)")
    var flat = 0
    for (row, element) in rows.enumerated() {
      #expect(index.element(atRow: row) == element, "seed \(seed), row \(row)")
      #expect(index.row(of: element) == row, "seed \(seed), row \(row)")
      #expect(index.section(containingRow: row) == element.section, "seed \(seed), row \(row)")
      if case .item(let path) = element {
        #expect(index.flatIndex(of: path) == flat, "seed \(seed), \(path)")
        #expect(index.itemPath(forItem: flat) == path, "seed \(seed), item \(flat)")
        flat += 1
      }
    }
    for s in counts.indices {
      let first = rows.firstIndex { $0.section == s }
      let last = rows.lastIndex { $0.section == s }
      if let first, let last {
        #expect(index.rows(ofSection: s) == first..<(last + 1), "seed \(seed), section \(s)")
      } else {
        #expect(index.rows(ofSection: s).isEmpty, "seed \(seed), section \(s)")
      }
      #expect(index.numberOfItems(inSection: s) == counts[s], "seed \(seed)")
    }
  }

  @Test func uniformSectionsMatchGivenCounts() {
    let uniform = SectionIndex(sections: 7, itemsPerSection: 3, headers: true, footers: true)
    let given = SectionIndex(
      itemCounts: Array(repeating: 3, count: 7), headers: true, footers: true)
    #expect(uniform == given)
    for row in 0..<uniform.numberOfRows {
      #expect(uniform.element(atRow: row) == given.element(atRow: row))
    }
  }

  @Test func hugeUniformSectionsAreConstantSizeAndExact() {
    // 10⁶ sections of 1,000 items: 10⁹ items, one run in the tree.
    let index = SectionIndex(sections: 1_000_000, itemsPerSection: 1_000, headers: true)
    #expect(index.numberOfItems == 1_000_000_000)
    #expect(index.numberOfRows == 1_001_000_000)
    #expect(index.counts?.leafCount == 1)
    let path = ItemPath(item: 999, section: 999_999)
    let row = index.row(of: path)
    #expect(row == index.numberOfRows - 1)
    #expect(index.element(atRow: row) == .item(path))
    #expect(index.element(atRow: 1001 * 500_000) == .header(section: 500_000))
    #expect(index.itemPath(forItem: 123_456_789) == ItemPath(item: 789, section: 123_456))
  }

  @Test func flatIndexIsOneSectionWithoutSupplementaries() {
    let flat = SectionIndex(flat: 5)
    #expect(flat.isFlat)
    #expect(flat.numberOfSections == 1)
    #expect(flat == SectionIndex(itemCounts: [5]))
    #expect(flat.element(atRow: 3) == .item(ItemPath(item: 3, section: 0)))
    #expect(flat.row(of: .header, inSection: 0) == nil)
    #expect(SectionIndex(flat: 0).numberOfRows == 0)
  }
}
