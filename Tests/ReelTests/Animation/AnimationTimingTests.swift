import ReelTesting
import Testing

@testable import Reel

/// An animated update runs for its whole duration from the first frame after it, however long
/// the list idled before it; and a reloaded item's new cell fades in as an inserted one does.
@Suite struct AnimationTimingTests {
  static func makeList(
    animation: UpdateAnimation
  ) -> (VirtualList<RecordingCell>, ReenteringSource) {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: 1)
    let source = ReenteringSource(count: 40)
    list.register("cell") { RecordingCell() }
    list.dataSource = source
    list.delegate = source
    list.viewportSize = Size(width: 300, height: 440)
    list.updateAnimation = animation
    list.tick(.zero)
    _ = list.placements
    return (list, source)
  }

  @Test(arguments: [0.0, 0.5, 30])
  func anUpdateAfterAnIdlePeriodAnimatesForItsWholeDuration(idleSeconds: Double) throws {
    let (list, source) = Self.makeList(animation: .timed(duration: 2, curve: .linear))
    // The list is idle (no ticks) until the update arrives.
    source.items.remove(at: 3)
    try list.performBatchUpdates { $0.delete(at: 3) }
    let start = idleSeconds
    list.tick(ReelInstant(seconds: start))
    let moving = list.placements.filter { $0.transition?.kind == .move }
    #expect(!moving.isEmpty, "the rows below the deleted one travel")
    #expect(moving.allSatisfy { $0.transition?.progress == 0 })
    #expect(list.placements.contains { $0.isDeparting && $0.opacity == 1 })
    var checked = 0
    for elapsed in [0.5, 1.0, 1.5, 1.99] {
      list.tick(ReelInstant(seconds: start + elapsed))
      #expect(list.isAnimatingUpdates, "ended early, \(elapsed) s into a 2 s animation")
      let progress = list.placements.compactMap { $0.transition?.progress }
      #expect(progress.contains { abs($0 - elapsed / 2) < 1e-9 }, "\(elapsed) s: \(progress)")
      checked += 1
    }
    #expect(checked == 4)
    list.tick(ReelInstant(seconds: start + 2))
    #expect(!list.isAnimatingUpdates)
    #expect(list.placements.allSatisfy { $0.transition == nil && $0.opacity == 1 })
  }

  @Test func aReloadedItemsNewCellFadesInWhileItsOldCellFadesOut() throws {
    let (list, source) = Self.makeList(animation: .timed(duration: 1, curve: .linear))
    let oldCell = list.placements.first { $0.index == 2 }!.cell
    try list.performBatchUpdates { $0.reload(at: 2) }
    list.tick(ReelInstant(seconds: 1))
    list.tick(ReelInstant(seconds: 1.25))
    let shown = list.placements.filter { $0.index == 2 }
    let arriving = try #require(shown.first { !$0.isDeparting })
    let leaving = try #require(shown.first { $0.isDeparting })
    #expect(arriving.cell !== oldCell && leaving.cell === oldCell)
    #expect(arriving.transition?.kind == .appear)
    #expect(abs(arriving.opacity - 0.25) < 1e-9, "fading in: \(arriving.opacity)")
    #expect(abs(leaving.opacity - 0.75) < 1e-9, "fading out: \(leaving.opacity)")
    #expect(arriving.frame == leaving.frame, "the two cells cross-fade in place")
    list.tick(ReelInstant(seconds: 2))
    #expect(list.placements.filter { $0.index == 2 }.map(\.opacity) == [1])
    #expect(source.violations.isEmpty, "\(source.violations)")
  }
}
