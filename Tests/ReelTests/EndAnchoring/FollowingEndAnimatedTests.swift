import Reel
import ReelTesting
import Testing

/// A list anchored at its end can follow appended items with an animation instead of a jump.
@Suite struct FollowingEndAnimatedTests {
  @Test(arguments: [false, true]) func appendedItemsAreFollowedWithAnAnimation(reload: Bool) throws
  {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    let source = ArrayDataSource(items: Array(0..<100))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 440)
    list.anchoring = .end
    list.animatesFollowingEnd = true
    list.layoutIfNeeded()
    #expect(list.isFollowingEnd)
    let before = list.contentOffset
    source.items.append(contentsOf: [100, 101])
    source.itemsDidChange()
    if reload {
      list.reloadData()
    } else {
      try list.performBatchUpdates { $0.insert(at: [100, 101]) }
    }
    list.layoutIfNeeded()
    #expect(list.contentOffset == before, "what is shown stays put at first")
    #expect(list.isMoving, "and the content scrolls to the new end")
    let clock = ManualClock()
    list.run(seconds: 0.1, clock: clock)
    #expect(list.contentOffset > before && list.contentOffset < before + 88, "on the way")
    list.settle(clock: clock)
    #expect(list.contentOffset == list.maximumOffset)
    #expect(list.isFollowingEnd)
    #expect(list.newItemsBelow == 0)
  }

  @Test func followingWithoutAnimationJumps() throws {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    let source = ArrayDataSource(items: Array(0..<100))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 440)
    list.anchoring = .end
    list.layoutIfNeeded()
    source.items.append(100)
    source.itemsDidChange()
    try list.performBatchUpdates { $0.insert(at: 100) }
    #expect(list.contentOffset == list.maximumOffset)
    #expect(!list.isMoving)
  }
}
