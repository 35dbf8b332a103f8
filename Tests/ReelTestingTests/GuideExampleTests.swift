import Reel
import ReelTesting
import Testing

// The app's cell and data source.
final class Row: ReusableCell {
  var name: String?
  func prepareForReuse() { name = nil }
}

final class Contacts: VirtualListDataSource {
  var names: [String]
  init(names: [String]) { self.names = names }
  func numberOfItems(in list: VirtualList<Row>) -> Int { names.count }
  func virtualList(_ list: VirtualList<Row>, cellForItemAt index: Int) -> Row {
    let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    row.name = names[index]
    return row
  }
  func virtualList(_ list: VirtualList<Row>, identifierForItemAt index: Int) -> AnyHashable? {
    names[index]
  }
  func virtualList(_ list: VirtualList<Row>, indexForItemWithIdentifier id: AnyHashable) -> Int? {
    names.firstIndex { AnyHashable($0) == id }
  }
}

// The app's own layout: rows of 40 and 80 points in turn.
struct Alternating: ListLayout {
  var count = 0
  var cross = 0.0
  var wrapping = Wrapping.bounded
  mutating func prepare(for context: LayoutContext) {
    count = context.count
    cross = context.crossExtent
    wrapping = context.wrapping
  }
  var contentExtent: Double { Double(count / 2) * 120 + (count % 2 == 1 ? 40 : 0) }
  var period: LayoutPeriod {
    count == 0
      ? LayoutPeriod(items: 0, extent: 0)
      : count % 2 == 0
        ? LayoutPeriod(items: count, extent: Double(count / 2) * 120)
        : LayoutPeriod(items: 2 * count, extent: Double(count) * 120)
  }
  func slot(at v: Int) -> Slot {
    let pair = v >= 0 ? v / 2 : (v - 1) / 2
    let second = v - pair * 2 == 1
    return Slot(
      offset: Double(pair) * 120 + (second ? 40 : 0), extent: second ? 80 : 40,
      crossOffset: 0, crossExtent: cross)
  }
  func indices(intersecting interval: Range<Double>) -> Range<Int> {
    guard count > 0 else { return 0..<0 }
    var lo = Int((interval.lowerBound / 120).rounded(.down)) * 2
    while slot(at: lo).end <= interval.lowerBound { lo += 1 }
    var hi = lo
    while slot(at: hi).offset < interval.upperBound { hi += 1 }
    if wrapping == .bounded {
      lo = min(max(lo, 0), count)
      hi = min(max(hi, lo), count)
    }
    return lo..<hi
  }
}

/// The complete example of the "Testing your code" guide (ReelTesting.docc), compiled and run.
@Suite struct GuideExampleTests {
  /// How the kit builds, changes and reads the app's data source.
  func subject() -> ConformanceSubject<Row> {
    var counter = 0
    var subject = ConformanceSubject<Row>(
      name: "Contacts",
      register: { $0.register("row") { Row() } },
      makeDataSource: { count in
        defer { counter += count }
        return Contacts(names: (counter..<counter + count).map { "contact \($0)" })
      },
      mutate: { source, change in
        let contacts = source as! Contacts
        func fresh(_ n: Int) -> [String] {
          defer { counter += n }
          return (counter..<counter + n).map { "contact \($0)" }
        }
        switch change {
        case .reset(let count): contacts.names = fresh(count)
        case .insert(let at, let count): contacts.names.insert(contentsOf: fresh(count), at: at)
        case .delete(let at, let count): contacts.names.removeSubrange(at..<at + count)
        case .move(let from, let to): contacts.names.insert(contacts.names.remove(at: from), at: to)
        case .update: break
        }
      },
      standInReuseIdentifier: "row")
    subject.identityOfCell = { $0.name }  // lets the kit catch stale cells
    return subject
  }

  @Test(arguments: [Wrapping.bounded, .cyclic])
  func contactsKeepTheDataSourceContract(_ wrapping: Wrapping) {
    let report = Conformance.check(
      layout: UniformLayout(extent: 44), wrapping: wrapping,
      reference: .uniform(extent: 44, spacing: 0, start: 0, end: 0), subject: subject())
    #expect(report.passed, "\(report)")
  }

  @Test func alternatingKeepsTheLayoutContract() {
    let report = Conformance.checkLayout(Alternating())
    #expect(report.passed, "\(report)")
  }

  @Test(arguments: [Wrapping.bounded, .cyclic])
  func alternatingWorksInAList(_ wrapping: Wrapping) {
    let report = Conformance.check(layout: Alternating(), wrapping: wrapping, subject: subject())
    #expect(report.passed, "\(report)")
  }
}
