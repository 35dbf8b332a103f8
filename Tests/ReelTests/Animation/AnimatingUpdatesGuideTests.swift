import ReelTesting
import Testing

@testable import Reel

/// The "Animating updates" guide's example, compiled and run as written (with the test's cell,
/// data source and a recording `draw`).
@Suite struct AnimatingUpdatesGuideTests {
  @Test func theGuideExampleAnimatesAndSettles() throws {
    typealias Row = RecordingCell
    let clock = ManualClock()
    let names = ArrayDataSource(items: ["Grace", "Alan", "Edsger", "Barbara", "Donald", "Ken"])
    var drawn: [(item: Int, frame: Rect, opacity: Double)] = []
    func draw(_ cell: Row, in frame: Rect, opacity: Double) {
      drawn.append((cell.item ?? -1, frame, opacity))
    }

    let list = VirtualList<Row>(layout: UniformLayout(extent: 44))
    list.register("row") { Row() }
    names.reuseIdentifier = { _ in "row" }
    list.dataSource = names
    list.viewportSize = Size(width: 390, height: 844)
    list.updateAnimation = .default  // a critically damped spring, 0.3 s response

    list.tick(clock.now)
    names.items.remove(at: 2)
    names.items.insert("Ada", at: 4)
    try list.performBatchUpdates { update in
      update.delete(at: 2)
      update.insert(at: 4)
    }
    var frames = 0
    while list.needsFrames {  // a frontend does this once per frame
      clock.advance(by: .milliseconds(16))
      list.tick(clock.now)
      for placement in list.placements {
        draw(placement.cell, in: placement.frame, opacity: placement.opacity)
      }
      frames += 1
    }

    // The first frame starts the animation; about 0.56 s of it follow at 16 ms a frame, then
    // everything is at rest in its slot.
    #expect(frames == 1 + Int((UpdateAnimation.default.duration / 0.016).rounded(.up)))
    #expect(drawn.contains { $0.opacity > 0 && $0.opacity < 1 })
    #expect(list.placements.map(\.cell.identity) == names.items.map { AnyHashable($0) })
    #expect(list.placements.map(\.frame.origin.y) == [0, 44, 88, 132, 176, 220])
    #expect(list.cellsDeparting == 0 && list.invariantViolations().isEmpty)
  }
}
