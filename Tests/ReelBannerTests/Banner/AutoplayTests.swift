import Reel
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct AutoplayTests {
  @Test func advancesOneItemAfterEachFullIntervalAtRest() {
    let h = BannerHarness(count: 5)
    h.tick()
    #expect(h.pages == [0])
    #expect(h.banner.autoplayDeadline == ReelInstant(seconds: 2))
    h.run(seconds: 1.9)
    #expect(h.pages == [0], "nothing moves before the interval")
    #expect(h.list.scrollPhase == .idle)
    h.run(seconds: 0.2)
    #expect(h.list.scrollPhase == .animating)
    h.settle()
    #expect(h.pages == [0, 1])
    #expect(h.isResting && h.banner.currentPage == 1)
    // The next step comes a full interval after the first one settled.
    let rested = h.clock.now
    #expect(h.banner.autoplayDeadline == rested.advanced(by: .seconds(2)))
    h.run(seconds: 12)
    #expect(h.pages == [0, 1, 2, 3, 4, 0, 1], "wraps forward through the seam")
    #expect(h.stalePages.isEmpty)
  }

  @Test func runsBackwardWhenAsked() {
    let h = BannerHarness(count: 5, autoplay: .every(.seconds(2), direction: .backward))
    h.tick()
    h.run(seconds: 7)
    #expect(h.pages == [0, 4, 3, 2])
    #expect(h.stalePages.isEmpty)
  }

  @Test func pausesWhileDraggingAndResumesAFullIntervalAfterTheMotionSettles() {
    let h = BannerHarness(count: 5)
    h.tick()
    h.run(seconds: 1.5)
    h.banner.beginDrag(at: Point(x: 200, y: 50), time: h.clock.now)
    #expect(h.banner.autoplayDeadline == nil)
    #expect(!h.banner.needsFrames, "a finger resting on the banner needs no frames")
    for _ in 0..<300 {  // five seconds holding, moving a little
      h.clock.advance(seconds: 1 / 60)
      h.banner.drag(to: Point(x: 190, y: 50), time: h.clock.now)
      h.tick()
    }
    #expect(h.pages == [0], "no autoplay while the finger is down")
    h.banner.endDrag(at: h.clock.now, velocity: 0)
    h.settle()
    #expect(h.isResting && h.pages == [0])
    let settled = h.clock.now
    #expect(h.banner.autoplayDeadline == settled.advanced(by: .seconds(2)))
    h.run(seconds: 1.95)
    #expect(h.list.scrollPhase == .idle && h.pages == [0])
    h.run(seconds: 0.1)
    #expect(h.list.scrollPhase == .animating)
  }

  @Test func neverStepsWhileAnAnimationOrFlingIsInFlight() {
    let h = BannerHarness(count: 5, autoplay: .every(.milliseconds(100)))
    h.tick()
    var sawStepDuringMotion = false
    var lastTarget: Int?
    for _ in 0..<600 {
      let moving = h.list.scrollPhase != .idle
      let before = h.banner.autoplayDeadline
      h.clock.advance(seconds: 1 / 60)
      h.tick()
      if moving && before != nil { sawStepDuringMotion = true }
      lastTarget = h.banner.currentPage
    }
    #expect(!sawStepDuringMotion)
    #expect(lastTarget != nil && h.pages.count > 5)
    // Consecutive pages are neighbours: one item per step, never a skip.
    for (a, b) in zip(h.pages, h.pages.dropFirst()) { #expect((b - a + 5) % 5 == 1) }
  }

  @Test func pausesWhileHiddenOrInactiveAndRestartsWithAFullInterval() {
    for hide in [true, false] {
      let h = BannerHarness(count: 5)
      h.tick()
      h.run(seconds: 1.5)
      if hide { h.banner.isVisible = false } else { h.banner.isAppActive = false }
      #expect(!h.banner.isAutoplayActive && !h.banner.needsFrames && h.banner.nextDeadline == nil)
      #expect(h.runSleeping(seconds: 60) <= 1, "a hidden banner lets the frontend sleep")
      #expect(h.pages == [0])
      if hide { h.banner.isVisible = true } else { h.banner.isAppActive = true }
      #expect(h.banner.needsFrames, "one tick arms the timer")
      h.tick()
      #expect(h.banner.nextDeadline == h.clock.now.advanced(by: .seconds(2)))
      h.run(seconds: 1.9)
      #expect(h.pages == [0])
      h.run(seconds: 1)
      #expect(h.pages == [0, 1])
    }
  }

  @Test func aSleepingFrontendWakesOnlyAtDeadlines() {
    let h = BannerHarness(count: 5)
    let ticks = h.runSleeping(seconds: 24)
    // 10 steps of 2.3 s (2 s rest + 0.3 s animation at 60 fps): about 20 frames each.
    #expect(h.pages == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0])
    #expect(ticks < 10 * 25, "ticks: \(ticks)")
  }

  @Test func playPauseToggleAndTheirKey() {
    let h = BannerHarness(count: 5)
    #expect(h.banner.isPlaying)
    h.banner.pause()
    #expect(!h.banner.isPlaying && !h.banner.isAutoplayActive)
    h.tick()
    h.run(seconds: 5)
    #expect(h.pages == [0])
    #expect(h.banner.handle(BannerKey.togglePlayback))
    #expect(h.banner.isPlaying)
    h.run(seconds: 2.5)
    #expect(h.pages == [0, 1])
    h.banner.togglePlayback()
    #expect(!h.banner.isPlaying)
    h.banner.start()
    #expect(h.banner.isPlaying)
    h.banner.stop()
    #expect(!h.banner.isPlaying)
    h.banner.isPlaying = true
    #expect(h.banner.isPlaying)

    let off = BannerHarness(count: 5, autoplay: .off)
    #expect(!off.banner.isPlaying && !off.banner.handle(BannerKey.togglePlayback))
    off.tick()
    off.run(seconds: 5)
    #expect(off.pages == [0] && !off.banner.needsFrames && off.banner.nextDeadline == nil)
  }

  @Test func reducedMotionMakesStepsInstantOrStopsAutoplay() {
    let instant = BannerHarness(count: 5)
    instant.banner.reducedMotion = .instant
    instant.tick()
    instant.run(seconds: 2)
    #expect(instant.pages == [0, 1])
    #expect(instant.list.scrollPhase == .idle && instant.isResting, "no animation")
    #expect(abs((instant.banner.nextDeadline?.seconds ?? 0) - 4) < 1e-6)
    #expect(instant.banner.handle(BannerKey.next))
    #expect(instant.list.scrollPhase == .idle && instant.banner.currentPage == 2)
    instant.banner.scrollToPage(4, animated: true)
    #expect(instant.list.scrollPhase == .idle && instant.banner.currentPage == 4)

    let still = BannerHarness(count: 5)
    still.banner.reducedMotion = .noAutoplay
    still.tick()
    still.run(seconds: 10)
    #expect(still.pages == [0] && !still.banner.isAutoplayActive)
    #expect(still.banner.isPlaying, "the user's play state is kept")
    #expect(still.banner.handle(BannerKey.previous))
    #expect(still.list.scrollPhase == .idle && still.pages == [0, 4])
  }

  @Test func aDroppedAutoplayingBannerIsFreed() {
    weak var weakBanner: Banner<RecordingCell>?
    weak var weakList: VirtualList<RecordingCell>?
    let source = ArrayDataSource(items: Array(0..<5))
    do {
      let clock = ManualClock()
      let banner = Banner<RecordingCell>()
      source.install(on: banner.list)
      banner.viewportSize = Size(width: 390, height: 200)
      banner.onPageChange = { [weak banner] _ in _ = banner?.indicator }
      for _ in 0..<130 {  // 2.17 s: in the middle of the first autoplay step
        clock.advance(seconds: 1 / 60)
        banner.tick(clock.now)
      }
      #expect(banner.list.scrollPhase == .animating)
      weakBanner = banner
      weakList = banner.list
    }
    #expect(weakBanner == nil)
    #expect(weakList == nil)
  }

  @Test func aZeroIntervalIsRejected() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Banner<RecordingCell>(autoplay: .every(.zero))
      }, "Banner: the autoplay interval must be greater than zero")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let banner = Banner<RecordingCell>()
        banner.autoplay = .every(.seconds(-1))
      }, "Banner: the autoplay interval must be greater than zero")
  }

}
