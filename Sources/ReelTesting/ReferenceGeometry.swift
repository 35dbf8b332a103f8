import Reel

/// Where items should be, computed independently of the engine: the reference model the
/// conformance check compares `VirtualList.placements` with after every step.
///
/// A reference is brute force over items (O(n) per step), written from the layout's documented
/// rules rather than its code. ``layoutSlots`` uses a freshly prepared copy of the list's own
/// layout instead, which still checks the virtualizer (window, anchoring, recycling) for layouts
/// without an independent model, such as one you wrote.
///
/// ```swift
/// let reference = ReferenceGeometry.uniform(extent: 44, spacing: 0, start: 0, end: 0)
/// ```
public enum ReferenceGeometry: Sendable, Hashable {
  /// Equal extents in one lane: item `i` starts at `start + i × (extent + spacing)`.
  case uniform(extent: Double, spacing: Double, start: Double, end: Double)
  /// Per-item extents, `estimatedExtent` until measured, moved along by batch updates.
  case variable(estimatedExtent: Double, spacing: Double, start: Double, end: Double)
  /// Pages of `viewport − 2 × insets`, `spacing` apart, starting at `insets`.
  case paging(insets: Double, spacing: Double)
  /// The slots of a freshly prepared copy of the list's layout.
  case layoutSlots
}

/// One item the reference expects on screen, in content coordinates along the main axis.
struct ExpectedItem: Hashable {
  var virtualIndex: Int
  var index: Int
  var offset: Double
  var extent: Double
  var crossOffset: Double?
  var crossExtent: Double?
}

/// The reference model: per-item extents tracked through the script, and brute-force
/// visibility.
struct ReferenceModel {
  let geometry: ReferenceGeometry
  /// Extents per data index (variable layouts only).
  var extents: [Double] = []

  init(geometry: ReferenceGeometry, count: Int) {
    self.geometry = geometry
    if case .variable(let estimate, _, _, _) = geometry {
      extents = Array(repeating: estimate, count: count)
    }
  }

  /// A reload to a new count keeps the extents of surviving positions.
  mutating func reload(count: Int) {
    guard case .variable(let estimate, _, _, _) = geometry else { return }
    if extents.count > count {
      extents.removeLast(extents.count - count)
    } else {
      extents += Array(repeating: estimate, count: count - extents.count)
    }
  }

  mutating func insert(at index: Int, count: Int) {
    guard case .variable(let estimate, _, _, _) = geometry else { return }
    extents.insert(contentsOf: repeatElement(estimate, count: count), at: index)
  }

  mutating func delete(at index: Int, count: Int) {
    guard case .variable = geometry else { return }
    extents.removeSubrange(index..<(index + count))
  }

  mutating func move(from: Int, to: Int) {
    guard case .variable = geometry else { return }
    extents.insert(extents.remove(at: from), at: to)
  }

  /// Back to the estimates, as in a fresh copy of the layout.
  mutating func forgetMeasurements() {
    guard case .variable(let estimate, _, _, _) = geometry else { return }
    extents = Array(repeating: estimate, count: extents.count)
  }

  mutating func measure(at index: Int, extent: Double) {
    guard case .variable = geometry else { return }
    extents[index] = extent
  }

  /// One period of items (or all items when bounded) and the period's extent.
  func base(
    count n: Int, viewport: Size, axis: Axis, wrapping: Wrapping, layout: any ListLayout
  ) -> (items: [ExpectedItem], periodItems: Int, periodExtent: Double) {
    let main = axis.main(of: viewport)
    func run(_ extent: (Int) -> Double, spacing: Double, start: Double) -> (
      [ExpectedItem], Int, Double
    ) {
      var items: [ExpectedItem] = []
      items.reserveCapacity(n)
      var x = start
      for i in 0..<n {
        let e = extent(i)
        items.append(ExpectedItem(virtualIndex: i, index: i, offset: x, extent: e))
        x += e + spacing
      }
      return (items, n, x - start)
    }
    switch geometry {
    case .uniform(let e, let s, let start, _):
      return run({ _ in e }, spacing: s, start: start)
    case .variable(_, let s, let start, _):
      return run({ extents[$0] }, spacing: s, start: start)
    case .paging(let insets, let s):
      // A viewport shorter than twice the insets: items of no extent, half the viewport each side.
      let inset = min(insets, max(0, main) / 2)
      let e = max(0, main - 2 * inset)
      return run({ _ in e }, spacing: e + s > 0 ? s : 1, start: inset)
    case .layoutSlots:
      var copy = layout
      copy.prepare(
        for: LayoutContext(count: n, viewportSize: viewport, axis: axis, wrapping: wrapping))
      let m = wrapping == .cyclic ? copy.period.items : n
      let items = (0..<max(0, m)).map { v -> ExpectedItem in
        let slot = copy.slot(at: v)
        return ExpectedItem(
          virtualIndex: v, index: n > 0 ? v % n : 0, offset: slot.offset, extent: slot.extent,
          crossOffset: slot.crossOffset, crossExtent: slot.crossExtent)
      }
      return (items, m, copy.period.extent)
    }
  }

  /// The bounded content extent, insets included (`nil` for ``ReferenceGeometry/layoutSlots``).
  func contentExtent(count n: Int, viewport: Size, axis: Axis) -> Double? {
    let (items, _, _) = base(
      count: n, viewport: viewport, axis: axis, wrapping: .bounded, layout: UniformLayout(extent: 1)
    )
    switch geometry {
    case .uniform(_, _, let start, let end), .variable(_, _, let start, let end):
      return (items.last?.end ?? start) + end
    case .paging(let insets, _):
      let inset = min(insets, max(0, axis.main(of: viewport)) / 2)
      return (items.last?.end ?? inset) + inset
    case .layoutSlots:
      return nil
    }
  }

  /// Items whose slots overlap `offset ..< offset + extent`: by more than `epsilon` (`sure`),
  /// and by more than `-epsilon` (`possible`, the virtual indices allowed on screen).
  func visible(
    offset o: Double, count n: Int, viewport: Size, axis: Axis, wrapping: Wrapping,
    layout: any ListLayout, epsilon: Double
  ) -> (sure: [ExpectedItem], possible: Set<Int>)? {
    guard n > 0 else { return ([], []) }
    let e = axis.main(of: viewport)
    let (items, m, period) = base(
      count: n, viewport: viewport, axis: axis, wrapping: wrapping, layout: layout)
    if wrapping == .cyclic && (m <= 0 || !(period > 0)) { return nil }
    var sure: [ExpectedItem] = []
    var possible = Set<Int>()
    for item in items where item.extent > 0 {
      var loops = 0...0
      if wrapping == .cyclic {
        let lo = Int(((o - item.end) / period).rounded(.down)) - 1
        let hi = Int(((o + e - item.offset) / period).rounded(.up)) + 1
        loops = lo...max(lo, hi)
      }
      for loop in loops {
        var shifted = item
        shifted.offset += Double(loop) * period
        shifted.virtualIndex += loop * m
        shifted.index = ((shifted.virtualIndex % n) + n) % n
        let overlap = min(shifted.end, o + e) - max(shifted.offset, o)
        if overlap > epsilon { sure.append(shifted) }
        if overlap > -epsilon { possible.insert(shifted.virtualIndex) }
      }
    }
    return (sure, possible)
  }
}

extension ExpectedItem {
  var end: Double { offset + extent }
}
