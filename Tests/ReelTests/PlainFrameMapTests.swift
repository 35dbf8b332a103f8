import ReelTesting
import Testing

@testable import Reel

/// A plain snapshot's placements read their frames through `PlainFrameMap`, which picks the
/// slot's fields by byte offset instead of branching on the axis: it must give the geometry's
/// frame bit for bit, in every axis and direction, signed zeros included.
@Suite struct PlainFrameMapTests {
  static func bits(_ rect: Rect) -> [UInt64] {
    [rect.minX, rect.minY, rect.width, rect.height].map(\.bitPattern)
  }

  @Test func theMapGivesTheGeometrysFrameBitForBit() {
    let fields = SlotFieldOffsets(in: WindowEntry<RecordingCell>.self)
    let values: [Double] = [0, -0.0, 1, -1, 44, 0.1, 1e300, -7.25, 0x1p-1074, 390]
    var rng = SplitMix64(seed: 20)
    var compared = 0
    for axis in Axis.allCases {
      for mirrored in [false, true] {
        for offset in [0, -0.0, 7, -3.5, 1e9 + 0.25] {
          for width in [390, 0, -0.0, 33.3] {
            let geometry = PlacementGeometry(
              offset: offset, axis: axis, mirrored: mirrored,
              viewportSize: Size(width: width, height: 844))
            let map = PlainFrameMap(geometry, fields: fields)
            for _ in 0..<40 {
              let slot = Slot(
                offset: values[rng.int(in: 0...9)], extent: values[rng.int(in: 0...9)],
                crossOffset: values[rng.int(in: 0...9)], crossExtent: values[rng.int(in: 0...9)])
              var entry = WindowEntry(
                cell: RecordingCell(), pool: ReusePools<RecordingCell>.Key(index: 0), index: 3,
                slot: slot)
              let frame = withUnsafePointer(to: &entry) { map.frame(ofEntry: UnsafeRawPointer($0)) }
              #expect(
                Self.bits(frame) == Self.bits(geometry.frame(of: slot)),
                "\(axis) mirrored \(mirrored) offset \(offset) width \(width) slot \(slot)")
              compared += 1
            }
          }
        }
      }
    }
    #expect(compared == 2 * 2 * 5 * 4 * 40)
  }

  @Test func aListInEveryAxisAndDirectionDrawsItsSlotsMovedByTheOffset() {
    for axis in Axis.allCases {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        let h = makeList(
          count: 200, layout: UniformLayout(extent: 30, lanes: 2), axis: axis,
          viewport: Size(width: 300, height: 200))
        defer { withExtendedLifetime(h) {} }
        h.list.direction = direction
        h.list.contentOffset = 130
        let placements = h.list.placements
        #expect(!placements.isEmpty)
        let geometry = h.list.geometry
        for placement in placements {
          let slot = h.list.layout.slot(at: placement.virtualIndex)
          #expect(
            Self.bits(placement.frame) == Self.bits(geometry.frame(of: slot)),
            "\(axis) \(direction) item \(placement.index)")
        }
      }
    }
  }
}
