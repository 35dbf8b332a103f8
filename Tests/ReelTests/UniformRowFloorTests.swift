import ReelTesting
import Testing

@testable import Reel

/// `UniformLayout.indices(intersecting:)` finds its rows by a multiplication by the stride's
/// reciprocal where that gives the same integers as the divisions it replaced: it must agree
/// with them everywhere, above all where a quotient is an integer or one rounding away from one.
@Suite struct UniformRowFloorTests {
  /// The rows as the divisions find them (the code before the reciprocal), for comparison.
  static func reference(_ layout: UniformLayout, _ interval: Range<Double>) -> Range<Int> {
    guard layout.count > 0 else { return 0..<0 }
    let stride = layout.extent + layout.spacing
    let lo = interval.lowerBound - layout.insets.start
    let hi = interval.upperBound - layout.insets.start
    let rowLo = (lo / stride).rounded(.down)
    var firstRow = Int(saturating: rowLo)
    if lo - rowLo * stride >= layout.extent { firstRow += 1 }
    var lastRow = Int(saturating: (hi / stride).rounded(.up)) - 1
    if interval.isEmpty { lastRow = firstRow - 1 }
    let lanes = layout.lanes
    if layout.wrapping == .bounded {
      let rows = (layout.count - 1) / lanes + 1
      firstRow = max(firstRow, 0)
      lastRow = min(lastRow, rows - 1)
      let first = min(firstRow * lanes, layout.count)
      let last = min((lastRow + 1) * lanes, layout.count)
      return first..<max(first, last)
    }
    let first = firstRow * lanes
    return first..<max(first, (lastRow + 1) * lanes)
  }

  /// `(x / stride).rounded(.down)` as the division finds it.
  static func divisionFloor(_ x: Double, _ stride: Double) -> Int {
    Int(saturating: (x / stride).rounded(.down))
  }

  /// Values at and one or two roundings around every multiple `k × stride` for rows `k`
  /// near 0, near a scroll position and near the top of the supported range.
  static func edges(stride: Double, rows: [Int]) -> [Double] {
    rows.flatMap { k -> [Double] in
      let x = Double(k) * stride
      return [
        x, x.nextUp, x.nextDown, x.nextUp.nextUp, x.nextDown.nextDown, -x, (-x).nextUp,
        (-x).nextDown,
      ]
    }
  }

  static let strides: [Double] = [
    44, 1, 0.1, 1.0 / 3, 7.3, 0.001, 1e-9, 44.000000000000007, 1_000_003, 0x1p-20, 3e10,
    0.30000000000000004, 50.5, 1e-300,
  ]

  @Test func theReciprocalGivesTheDivisionsRowOrDefers() {
    var rng = SplitMix64(seed: 12)
    var decided = 0
    for stride in Self.strides {
      let layout = UniformLayout(extent: stride)
      let rows =
        [0, 1, 2, 3, 7, 44, 1_000, 22_727, 999_999, 1 << 20, (1 << 30) + 1, 1 << 40, 1 << 49]
        + (0..<200).map { _ in rng.int(in: 0...(1 << 50)) }
      var values = Self.edges(stride: stride, rows: rows)
      values += (0..<2_000).map { _ in rng.double(in: -1e6..<1e6) * stride }
      values += [0, -0.0, .infinity, -.infinity, .nan, 0x1p-1074, -0x1p-1074, 0x1p60, -0x1p60]
      for x in values {
        guard let row = layout.rowFloor(x) else { continue }
        decided += 1
        #expect(
          row == Self.divisionFloor(x, stride),
          "rowFloor(\(x)) with stride \(stride) gave \(row), the division \(Self.divisionFloor(x, stride))"
        )
      }
    }
    // The multiplication decides almost everything; the division is the rare fallback.
    #expect(decided > 20_000)
  }

  @Test func indicesAgreeWithTheDivisionsAtEdgesAndAtRandom() {
    let seed: UInt64 = 2026_11_27
    var rng = SplitMix64(seed: seed)
    for round in 0..<400 {
      let extent = round < Self.strides.count ? Self.strides[round] : rng.double(in: 0..<100)
      var spacing = rng.int(in: 0...2) == 0 ? rng.double(in: 0..<10) : 0
      if extent + spacing == 0 { spacing = 1 }
      var layout = UniformLayout(
        extent: extent, spacing: spacing, lanes: rng.int(in: 1...4),
        insets: ContentInsets(
          start: rng.int(in: 0...1) == 0 ? 0 : rng.double(in: 0..<50), end: 0, crossStart: 0,
          crossEnd: 0))
      // Within the supported range: rows × stride ≤ 2⁵³.
      let limit = 0x1p53 / (extent + spacing)
      let count = min(rng.int(in: 0...1_000_000), limit >= 1e6 ? 1_000_000 : Int(limit))
      let wrapping: Wrapping = rng.int(in: 0...3) == 0 ? .cyclic : .bounded
      layout.prepare(
        for: LayoutContext(
          count: count, viewportSize: Size(width: 390, height: 844), axis: .vertical,
          wrapping: wrapping))
      let stride = layout.extent + layout.spacing
      var starts = Self.edges(stride: stride, rows: [0, 1, 5, rng.int(in: 0...max(0, count))])
        .map { $0 + layout.insets.start }
      starts += [layout.extent + layout.insets.start, (layout.extent + layout.insets.start).nextUp]
      starts += (0..<20).map { _ in rng.double(in: -1_000..<(Double(count) * stride + 1_000)) }
      for start in starts where start.isFinite {
        for length in [0, 844, stride, stride.nextDown, 1e-12, 7] {
          let interval = start..<(start + length)
          #expect(
            layout.indices(intersecting: interval) == Self.reference(layout, interval),
            "seed \(seed) round \(round): \(layout) over \(interval)")
        }
      }
    }
  }

  @Test func changingTheExtentOrSpacingKeepsTheReciprocal() {
    var layout = UniformLayout(extent: 44)
    layout.prepare(
      for: LayoutContext(
        count: 100, viewportSize: Size(width: 390, height: 844), axis: .vertical,
        wrapping: .bounded))
    layout.extent = 10
    #expect(layout.indices(intersecting: 0..<25) == 0..<3)
    layout.spacing = 10
    #expect(layout.indices(intersecting: 0..<25) == 0..<2)
    #expect(layout.indices(intersecting: 45..<65) == 2..<4)
  }
}
