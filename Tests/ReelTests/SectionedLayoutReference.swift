import Reel
import ReelTesting

/// A sectioned list written out row by row, with the extent of every header, item and footer:
/// the model the ``SectionedLayout`` tests compare the layout with.
struct SectionModel {
  /// One section: its header's and footer's extents and its items' identities and extents.
  struct Section {
    var id: Int
    var header: Double
    var footer: Double
    var items: [(id: Int, extent: Double)]
  }

  var sections: [Section]
  var headers: Bool
  var footers: Bool
  /// A flat context (no sections): one section without header or footer.
  var flat: Bool
  /// The last identity given to a row added by an edit; identities never come back.
  var lastID = 1_000_000

  var index: SectionIndex {
    flat
      ? SectionIndex(flat: sections.first?.items.count ?? 0)
      : SectionIndex(itemCounts: sections.map(\.items.count), headers: headers, footers: footers)
  }

  func context(_ viewport: Size, _ axis: Axis, _ wrapping: Wrapping) -> LayoutContext {
    flat
      ? LayoutContext(
        count: index.numberOfRows, viewportSize: viewport, axis: axis, wrapping: wrapping)
      : LayoutContext(sections: index, viewportSize: viewport, axis: axis, wrapping: wrapping)
  }

  /// Row identities in order: headers and footers by section identity, items by their own.
  var rowIDs: [String] {
    sections.flatMap { section in
      (headers ? ["h\(section.id)"] : []) + section.items.map { "i\($0.id)" }
        + (footers ? ["f\(section.id)"] : [])
    }
  }
}

/// Where every row of a ``SectionModel`` sits, by walking every row: the brute-force reference.
struct SectionReference {
  var slots: [Slot] = []
  var frames: [Range<Double>] = []
  var contentExtent = 0.0
  var periodExtent = 0.0

  init(_ model: SectionModel, _ layout: SectionedLayout, crossExtent: Double) {
    let full = max(0, crossExtent - layout.insets.crossStart - layout.insets.crossEnd)
    let lanes = layout.lanes
    let inner = layout.sectionInsets
    let laneExtent = max(
      0,
      (full - inner.crossStart - inner.crossEnd - layout.laneSpacing * Double(lanes - 1))
        / Double(lanes))
    let laidOut = model.flat && (model.sections.first?.items.isEmpty ?? true) ? [] : model.sections
    var y = layout.insets.start
    for section in laidOut {
      let start = y
      let hasHeader = model.headers && !model.flat
      let hasFooter = model.footers && !model.flat
      if hasHeader {
        slots.append(
          Slot(
            offset: y, extent: section.header, crossOffset: layout.insets.crossStart,
            crossExtent: full))
        y += section.header
      }
      y += inner.start
      let lineCount = (section.items.count + lanes - 1) / lanes
      for line in 0..<lineCount {
        let members = section.items[(line * lanes)..<min(section.items.count, (line + 1) * lanes)]
        let extent = members.map(\.extent).max()!
        for lane in 0..<members.count {
          slots.append(
            Slot(
              offset: y, extent: extent,
              crossOffset: layout.insets.crossStart + inner.crossStart + Double(lane)
                * (laneExtent + layout.laneSpacing), crossExtent: laneExtent))
        }
        y += extent
        if line < lineCount - 1 { y += layout.itemSpacing }
      }
      y += inner.end
      if hasFooter {
        slots.append(
          Slot(
            offset: y, extent: section.footer, crossOffset: layout.insets.crossStart,
            crossExtent: full))
        y += section.footer
      }
      frames.append(start..<y)
      y += layout.sectionSpacing
    }
    periodExtent = y - layout.insets.start
    contentExtent =
      (laidOut.isEmpty ? layout.insets.start : y - layout.sectionSpacing) + layout.insets.end
  }

  /// The slot of a virtual row: loop 0's, shifted by whole periods.
  func slot(at v: Int) -> Slot {
    let n = slots.count
    let loop = v >= 0 ? v / n : -((-v + n - 1) / n)
    var slot = slots[v - loop * n]
    slot.offset += Double(loop) * periodExtent
    return slot
  }

  /// Rows ending at or before `lo` and starting before `hi`, counted among `candidates` (the
  /// walk lays rows out in order, so both counts are where a predicate on the rows flips).
  func indices(_ lo: Double, _ hi: Double, cyclic: Bool) -> Range<Int> {
    let n = slots.count
    guard n > 0 else { return 0..<0 }
    let candidates = cyclic ? -4 * n..<(5 * n) : 0..<n
    let first = partition(candidates) { slot(at: $0).end > lo }
    return first..<max(first, partition(candidates) { slot(at: $0).offset >= hi })
  }

  /// The first index of `range` where a predicate that flips once from false to true holds.
  private func partition(_ range: Range<Int>, _ holds: (Int) -> Bool) -> Int {
    var (lo, hi) = (range.lowerBound, range.upperBound)
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if holds(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}

extension SplitMix64 {
  /// A random sectioned model: empty sections and sections of one item are common.
  mutating func sectionModel(headerExtent: Double, footerExtent: Double, itemExtent: Double)
    -> SectionModel
  {
    let flat = int(in: 0...5) == 0
    let sectionCount = flat ? 1 : int(in: 0...7)
    var nextID = 0
    var sections: [SectionModel.Section] = []
    for s in 0..<sectionCount {
      let items: Int
      switch int(in: 0...5) {
      case 0: items = 0
      case 1: items = 1
      default: items = int(in: 0...(flat ? 40 : 11))
      }
      sections.append(
        SectionModel.Section(
          id: s, header: headerExtent, footer: footerExtent,
          items: (0..<items).map { _ in
            nextID += 1
            return (nextID, itemExtent)
          }))
    }
    return SectionModel(
      sections: sections, headers: !flat && int(in: 0...1) == 0,
      footers: !flat && int(in: 0...1) == 0, flat: flat)
  }

  /// A random layout with whole-number figures, so that every sum is exact.
  mutating func sectionedLayout() -> SectionedLayout {
    func extent(_ rng: inout SplitMix64) -> SectionedLayout.RowExtent {
      let value = Double(rng.int(in: 0...30))
      return rng.int(in: 0...3) == 0 ? .fixed(value) : .estimated(value)
    }
    func inset(_ rng: inout SplitMix64) -> ContentInsets {
      ContentInsets(
        start: Double(rng.int(in: 0...9)), end: Double(rng.int(in: 0...9)),
        crossStart: Double(rng.int(in: 0...9)), crossEnd: Double(rng.int(in: 0...9)))
    }
    return SectionedLayout(
      itemExtent: extent(&self), headerExtent: extent(&self), footerExtent: extent(&self),
      lanes: int(in: 1...4), itemSpacing: Double(int(in: 0...6)),
      laneSpacing: Double(int(in: 0...6)), sectionInsets: inset(&self),
      sectionSpacing: Double(int(in: 0...12)), insets: inset(&self))
  }
}
