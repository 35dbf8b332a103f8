import Reel
import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct CountAndChangeTests {
  @Test func noItemsShowTheEmptyStateWithoutATimer() {
    let h = BannerHarness(count: 0)
    #expect(h.banner.isEmpty && h.banner.currentPage == nil)
    #expect(h.banner.indicator.isHidden && h.banner.indicator.count == 0)
    h.tick()
    #expect(!h.banner.needsFrames && h.banner.nextDeadline == nil)
    #expect(h.runSleeping(seconds: 30) <= 1)
    #expect(h.pages.isEmpty && h.list.placements.isEmpty)
    #expect(h.banner.tap(at: Point(x: 195, y: 50)) == nil)
    #expect(!h.banner.handle(BannerKey.next) && !h.banner.handle(NavigationKey.end))
  }

  @Test func oneItemNeitherScrollsNorAutoplaysNorShowsDots() {
    let h = BannerHarness(count: 1)
    #expect(!h.banner.isScrollEnabled)
    #expect(h.banner.currentPage == 0 && h.pages == [0])
    #expect(h.banner.indicator.isHidden)
    #expect(h.list.placements.map(\.index) == [0], "no copies of itself at the sides")
    #expect(h.list.placements.first?.frame == Rect(x: 16, y: 0, width: 358, height: 200))
    h.tick()
    #expect(!h.banner.isAutoplayActive && !h.banner.needsFrames)
    h.fling(from: 300, to: 0)
    h.settle()
    #expect(h.list.contentOffset == 0)
    #expect(!h.banner.handle(BannerKey.next))
    h.run(seconds: 10)
    #expect(h.pages == [0] && h.banner.tap(at: Point(x: 195, y: 50)) == 0)
  }

  @Test func twoItemsLoopWithOneItemOnBothSides() {
    let h = BannerHarness(count: 2)
    #expect(h.banner.isScrollEnabled)
    #expect(h.list.visibleIndices == [1, 0, 1], "item 1 peeks in on both sides")
    #expect(!h.banner.indicator.isHidden)
    h.tick()
    h.run(seconds: 12)
    #expect(h.pages == [0, 1, 0, 1, 0, 1])
    h.fling(from: 100, to: 300)
    h.settle()
    #expect(h.pages.last == 0 && h.isResting && h.stalePages.isEmpty)
  }

  @Test func aReloadKeepsTheCurrentItemByIdentity() {
    let h = BannerHarness(count: 5, autoplay: .off)
    h.banner.scrollToPage(2, animated: false)
    h.source.items = [10, 11] + Array(0..<5)
    h.banner.reloadData()
    #expect(h.banner.currentPage == 4 && h.pages == [0, 2, 4], "item 2 moved to index 4")
    h.source.items = [10, 11, 0, 1, 3, 4]  // item 2 removed: the item now at its index
    h.banner.reloadData()
    #expect(h.banner.currentPage == 4 && h.pages == [0, 2, 4] && h.isResting)
    h.source.items = [7]
    h.banner.reloadData()
    #expect(h.banner.currentPage == 0 && h.banner.indicator.isHidden && h.pages.last == 0)
    h.source.items = []
    h.banner.reloadData()
    h.tick()
    #expect(h.banner.currentPage == nil && !h.banner.needsFrames)
    h.source.items = [1, 2, 3]
    h.banner.reloadData()
    #expect(h.banner.currentPage == 0 && h.pages.last == 0 && h.list.visibleIndices == [2, 0, 1])
    #expect(h.stalePages.isEmpty)
  }

  @Test func insertsAndDeletesWhileLooping() throws {
    let h = BannerHarness(count: 5, autoplay: .off)
    h.banner.scrollToPage(4, animated: false)
    h.source.items.insert(99, at: 0)
    try h.banner.performBatchUpdates { $0.insert(at: 0) }
    #expect(h.banner.currentPage == 5 && h.pages.last == 5)
    #expect(h.list.visibleIndices == [4, 5, 0], "the seam now shows the inserted item")
    h.source.items.remove(at: 5)
    try h.banner.performBatchUpdates { $0.delete(at: 5) }
    #expect(h.banner.currentPage != nil && h.isResting)
    // The deleted page's place goes to the item after it: across the seam, the inserted 99.
    #expect(h.banner.currentPage == 0 && h.source.items[0] == 99)
    #expect(h.banner.currentPage == h.centredIndex && h.stalePages.isEmpty)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func aResizeKeepsTheCurrentItemCentred() {
    for axis in [Axis.horizontal, .vertical] {
      let h = BannerHarness(count: 20, axis: axis, autoplay: .off)
      h.banner.scrollToPage(13, animated: false)
      for size in [
        Size(width: 800, height: 600), Size(width: 300, height: 250), Size(width: 390, height: 844),
      ] {
        h.banner.viewportSize = size
        h.tick()
        #expect(
          h.banner.currentPage == 13 && h.centredIndex == 13 && h.isResting, "\(axis) \(size)")
      }
      #expect(h.pages == [0, 13])
    }
  }

  @Test func aWideViewportShowsAsManyItemsAsFit() {
    let layout = PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 300)
    let h = BannerHarness(count: 20, layout: layout, viewport: Size(width: 1000, height: 200))
    #expect(h.list.visibleIndices.count >= 3)
    #expect(h.banner.currentPage == 0 && h.centredIndex == 0)
    h.tick()
    h.run(seconds: 2.5)
    #expect(h.pages == [0, 1] && h.centredIndex == 1)
  }

  @Test func aResizeOrReloadDuringAnAnimationSettlesOnAValidPage() {
    for change in 0..<3 {
      let h = BannerHarness(count: 5)
      h.tick()
      h.run(seconds: 2.1)  // in the middle of the first autoplay step
      #expect(h.list.scrollPhase == .animating)
      switch change {
      case 0: h.banner.viewportSize = Size(width: 700, height: 300)
      case 1: h.banner.reloadData()
      default:
        h.source.items.remove(at: 1)
        h.banner.reloadData()
      }
      h.settle()
      #expect(h.isResting, "change \(change)")
      // The animation's target, item 1, keeps its place; once deleted, the item after it
      // (item 2, now at index 1) takes it.
      #expect(h.banner.currentPage == 1, "change \(change)")
      #expect(h.source.items[1] == (change == 2 ? 2 : 1))
      #expect(h.banner.currentPage == h.centredIndex && h.stalePages.isEmpty)
      h.run(seconds: 3)
      #expect(h.isResting || h.list.scrollPhase == .animating, "autoplay carries on")
      #expect(h.banner.currentPage == h.centredIndex)
    }
  }

  @Test func rightToLeftAndVerticalBannersAutoplayForward() {
    for (axis, direction) in [
      (Axis.horizontal, LayoutDirection.rightToLeft), (.vertical, .leftToRight),
    ] {
      let h = BannerHarness(count: 4, axis: axis, direction: direction)
      h.tick()
      h.run(seconds: 5)
      #expect(h.pages == [0, 1, 2], "\(axis) \(direction)")
      #expect(h.stalePages.isEmpty)
    }
  }
}
