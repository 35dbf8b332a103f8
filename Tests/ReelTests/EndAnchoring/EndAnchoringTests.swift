import Reel
import ReelTesting
import Testing

/// Lists anchored at the end: open at the end, follow appends and a growing last item with no
/// drift, stop following when scrolled away, resume at the end, count the items below.
@Suite struct EndAnchoringTests {
  @Test func opensAtTheEnd() throws {
    let chat = Chat(count: 200)
    // Reference: the content is the sum of the layout's extents; the end is that less the viewport.
    let layout = try #require(chat.list.layout as? VariableLayout)
    let content = (0..<200).reduce(0.0) { $0 + layout.extent(ofItemAt: $1) }
    #expect(chat.list.contentOffset == content - 480)
    #expect(chat.endDrift == 0)
    #expect(chat.list.isAtEnd)
    #expect(chat.list.isFollowingEnd)
  }

  @Test func appendsAndGrowthKeepTheEndPinnedWithNoDrift() throws {
    let chat = Chat(count: 300, seed: 11)
    for step in 0..<400 {
      if step % 2 == 0 {
        try chat.append()
      } else {
        chat.growLast(by: 20)
      }
      chat.measureDisplayed()
      let drift = try #require(chat.endDrift, "seed \(chat.seed), step \(step): last not shown")
      #expect(drift == 0, "seed \(chat.seed), step \(step): the end drifted by \(drift)")
      #expect(chat.list.contentOffset == chat.list.maximumOffset, "seed \(chat.seed), step \(step)")
    }
    #expect(chat.list.newItemsBelow == 0)
  }

  /// The pass refreshes only the displayed slots that a measurement or an append moved: the
  /// placements stay exactly those of a list laid out afresh at the same offset, with sizes
  /// whose sums round (thirds), through appends, growth of the last message and re-measurement
  /// of the displayed ones.
  @Test func partialSlotRefreshesGiveTheSamePlacementsAsAFreshList() throws {
    let chat = Chat(count: 200, seed: 19)
    var rng = SplitMix64(seed: 19)
    for step in 0..<300 {
      switch rng.int(in: 0...3) {
      case 0:
        try chat.append()
        chat.list.setMeasuredExtent(
          Double(rng.int(in: 60...360)) / 3, forItemAt: chat.sizes.count - 1)
      case 1: chat.growLast(by: Double(rng.int(in: 1...90)) / 3)
      case 2:
        let shown = chat.list.placements.map(\.index)
        let index = shown[rng.int(in: 0...(shown.count - 1))]
        chat.list.setMeasuredExtent(Double(rng.int(in: 60...360)) / 3, forItemAt: index)
      default: try chat.append()
      }
      chat.list.layoutIfNeeded()
      let fresh = VirtualList<RecordingCell>(layout: chat.list.layout)
      let freshSource = ArrayDataSource(items: chat.source.items)
      freshSource.install(on: fresh)
      fresh.viewportSize = chat.list.viewportSize
      fresh.contentOffset = chat.list.contentOffset
      let expected = withExtendedLifetime(freshSource) {
        fresh.placements.map { "\($0.index) \($0.frame)" }
      }
      let frames = chat.list.placements.map { "\($0.index) \($0.frame)" }
      #expect(frames == expected, "seed 19, step \(step)")
      if frames != expected { return }
    }
  }

  @Test func aWheelScrollUpStopsFollowingAndCountsNewItems() throws {
    let clock = ManualClock()
    let chat = Chat(count: 100)
    chat.list.scroll(byWheel: -300, time: clock.now)
    clock.advance(seconds: 1)
    chat.list.tick(clock.now)
    #expect(!chat.list.isAtEnd)
    #expect(!chat.list.isFollowingEnd)
    let first = chat.firstVisible
    let top = try #require(chat.top(of: first))
    let offset = chat.list.contentOffset
    try chat.append()
    chat.growLast(by: 20)
    try chat.append()
    chat.list.layoutIfNeeded()
    // Not following: the visible message keeps its place, the new ones are counted.
    #expect(chat.list.contentOffset == offset)
    #expect(chat.top(of: first) == top)
    #expect(chat.list.newItemsBelow == 2)
    #expect(chat.endDrift == nil)
  }

  @Test func returningToTheEndResumesFollowing() throws {
    let clock = ManualClock()
    let chat = Chat(count: 100)
    chat.list.scroll(byWheel: -200, time: clock.now)
    clock.advance(seconds: 1)
    chat.list.tick(clock.now)
    try chat.append()
    chat.measureDisplayed()
    #expect(chat.list.newItemsBelow == 1)
    // The wheel back past the end: the list comes to rest at the end, follows again.
    chat.list.scroll(byWheel: 10_000, time: clock.now)
    for _ in 0..<120 {
      clock.advance(by: .milliseconds(16))
      chat.list.tick(clock.now)
    }
    #expect(chat.list.isAtEnd)
    #expect(chat.list.newItemsBelow == 0)
    try chat.append()
    chat.measureDisplayed()
    #expect(chat.endDrift == 0)
    #expect(chat.list.isFollowingEnd)
  }

  @Test func aDragAwayStopsFollowingAndTheJumpButtonResumes() throws {
    let clock = ManualClock()
    let chat = Chat(count: 100)
    chat.list.beginDrag(at: Point(x: 10, y: 100), time: clock.now)
    clock.advance(by: .milliseconds(16))
    // The finger moves down: the content moves towards earlier messages.
    chat.list.drag(to: Point(x: 10, y: 300), time: clock.now)
    #expect(!chat.list.isFollowingEnd)
    try chat.append()
    #expect(chat.list.newItemsBelow == 1)
    clock.advance(by: .milliseconds(16))
    chat.list.endDrag(at: clock.now, velocity: 0)
    chat.list.tick(clock.now)
    #expect(!chat.list.isAtEnd)
    chat.list.scrollToEnd(animated: false)
    chat.measureDisplayed()
    #expect(chat.list.newItemsBelow == 0)
    #expect(chat.endDrift == 0)
    chat.growLast(by: 20)
    #expect(chat.endDrift == 0)
  }

  @Test func prependsKeepTheVisibleMessageStillAwayFromTheEnd() throws {
    // Reference: the same list anchored at the start, given the same input, which keeps its
    // first visible item in place.
    var tops: [ContentAnchoring: (before: Double, after: Double, item: String)] = [:]
    for anchoring in [ContentAnchoring.start, .end] {
      let clock = ManualClock()
      let chat = Chat(count: 100, seed: 3, anchoring: anchoring)
      chat.measureAll()
      if anchoring == .start { chat.list.scrollToEnd(animated: false) }
      chat.list.scroll(byWheel: -700, time: clock.now)
      clock.advance(seconds: 1)
      chat.list.tick(clock.now)
      let first = chat.firstVisible
      let top = try #require(chat.top(of: first))
      try chat.prepend(5)
      chat.measureDisplayed()
      tops[anchoring] = (top, try #require(chat.top(of: first)), first)
    }
    let end = try #require(tops[.end])
    let reference = try #require(tops[.start])
    #expect(end.after == end.before)
    #expect(end.item == reference.item && end.after == reference.after)
  }

  @Test func prependsAtTheEndKeepBothTheEndAndTheVisibleMessage() throws {
    let chat = Chat(count: 100, seed: 5)
    let first = chat.firstVisible
    let top = try #require(chat.top(of: first))
    try chat.prepend(3)
    #expect(chat.top(of: first) == top)
    #expect(chat.endDrift == 0)
  }

  /// A list resting a fraction of a point before its end (within the end's tolerance, as a
  /// paging list's last page can rest one rounding short of it) follows the end, and a change
  /// pins it exactly to the new end, not the same fraction before it.
  @Test func aListRestingJustBeforeItsEndIsPinnedExactlyToTheNewEnd() throws {
    for shortfall in [0.25, 1.4551915228366852e-11] {
      let chat = Chat(count: 100, seed: 5)
      chat.list.contentOffset = chat.list.maximumOffset - shortfall
      chat.list.layoutIfNeeded()
      #expect(chat.list.isFollowingEnd)
      try chat.append()
      #expect(chat.list.contentOffset == chat.list.maximumOffset, "short by \(shortfall)")
      try chat.prepend(2)
      #expect(chat.list.contentOffset == chat.list.maximumOffset, "short by \(shortfall)")
    }
  }

  @Test func aViewportResizeAtTheEndKeepsTheEnd() throws {
    let chat = Chat(count: 100)
    chat.list.viewportSize = Size(width: 320, height: 300)
    chat.measureDisplayed()
    #expect(chat.endDrift == 0)
    chat.list.viewportSize = Size(width: 320, height: 640)
    chat.measureDisplayed()
    #expect(chat.endDrift == 0)
  }

  @Test func zeroOneAndTwoItems() throws {
    let chat = Chat(count: 0)
    #expect(chat.list.isAtEnd)
    #expect(chat.list.contentOffset == 0)
    try chat.append()
    chat.measureDisplayed()
    // Shorter than the viewport: the items stay at the top.
    #expect(chat.list.contentOffset == 0)
    #expect(chat.top(of: "m0") == 0)
    try chat.append()
    chat.measureDisplayed()
    #expect(chat.top(of: "m1") == chat.sizes[0])
    // Growing past the viewport: from then on the end is pinned.
    chat.sizes[1] = 900
    chat.growLast(by: 0)
    #expect(chat.endDrift == 0)
    #expect(chat.list.contentOffset == chat.sizes[0] + 900 - 480)
  }

  @Test func settingEndAnchoringMovesALoadedListToItsEnd() throws {
    let chat = Chat(count: 100, anchoring: .start)
    #expect(chat.list.contentOffset == 0)
    chat.list.anchoring = .end
    chat.measureDisplayed()
    #expect(chat.endDrift == 0)
  }

  @Test func reloadsThatAppendKeepTheEnd() throws {
    let chat = Chat(count: 100)
    chat.source.items.append(contentsOf: ["x", "y"])
    chat.sizes.append(contentsOf: [30, 40])
    chat.list.reloadData()
    chat.measureDisplayed()
    #expect(chat.endDrift == 0)
  }

  /// A jump-to-latest button (or the End key) animates to the end while messages keep
  /// arriving and growing: the animation heads for the end as it moves, lands exactly there and
  /// the list follows again.
  @Test(arguments: [false, true])
  func anAnimatedJumpToTheEndFollowsMessagesArrivingOnTheWay(byKey: Bool) throws {
    let clock = ManualClock()
    let chat = Chat(count: 100)
    chat.list.setContentOffset(0, animated: false)
    chat.measureDisplayed()
    #expect(!chat.list.isAtEnd)
    if byKey {
      #expect(chat.list.handle(.end))
    } else {
      chat.list.scrollToEnd(animated: true)
    }
    let aimedAt = chat.list.restingOffset
    for step in 0..<12 {
      clock.advance(by: .milliseconds(16))
      chat.list.tick(clock.now)
      chat.measureDisplayed()
      if step % 3 == 0 {
        try chat.append()
        chat.growLast(by: 20)
      }
    }
    #expect(chat.list.isMoving, "still on the way while messages arrived")
    chat.list.settle(clock: clock)
    chat.measureDisplayed()
    #expect(chat.list.restingOffset > aimedAt, "the end moved while the animation ran")
    #expect(chat.list.isAtEnd)
    #expect(chat.list.isFollowingEnd)
    #expect(chat.list.newItemsBelow == 0)
    #expect(chat.endDrift == 0)
    try chat.append()
    chat.measureDisplayed()
    #expect(chat.endDrift == 0, "following again")
  }

  /// A page up from the end while messages arrive: the motion heads away from the end, so the
  /// list stops following at once and lands where it would without the messages, whichever
  /// frame they arrive in (measured before the next pass or after it).
  @Test(arguments: [0, 1, 2, 3])
  func aPageUpFromTheEndLandsTheSameWhetherOrNotMessagesArrive(frame: Int) throws {
    func run(_ arrivals: Bool) throws -> (String, Double) {
      let clock = ManualClock()
      let chat = Chat(count: 100)
      chat.measureAll()
      #expect(chat.list.isAtEnd)
      #expect(chat.list.handle(.pageBackward))
      for step in 0..<40 {
        if arrivals && step % 4 == frame {
          try chat.append()
          if frame % 2 == 0 {
            chat.list.setMeasuredExtent(
              chat.sizes[chat.sizes.count - 1], forItemAt: chat.sizes.count - 1)
          }
        }
        clock.advance(by: .milliseconds(16))
        chat.list.tick(clock.now)
        chat.measureDisplayed()
      }
      chat.list.settle(clock: clock)
      let first = chat.firstVisible
      return (first, chat.top(of: first)!)
    }
    let reference = try run(false)
    let actual = try run(true)
    #expect(actual.0 == reference.0, "the same first visible message")
    #expect(actual.1 == reference.1, "at the same place")
  }
}
