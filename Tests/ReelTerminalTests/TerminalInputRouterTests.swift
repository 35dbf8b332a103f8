import Reel
import ReelTesting
import Testing

@testable import ReelTerminal

@Suite struct TerminalInputRouterTests {
  private let region = CellRect(x: 0, y: 5, width: 20, height: 10)

  private func makeList() -> (VirtualList<RecordingCell>, ArrayDataSource<Int>) {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 2))
    let source = ArrayDataSource(items: Array(0..<1000))
    source.install(on: list)
    list.viewportSize = Size(width: 20, height: 10)
    return (list, source)
  }

  private func mouse(_ action: MouseAction, _ x: Int, _ y: Int) -> InputEvent {
    .mouse(MouseEvent(action, x: x, y: y))
  }

  @Test func clickSelectsTheItemUnderThePointer() {
    let (list, source) = makeList()
    let router = TerminalInputRouter()
    let id = router.add(list, region: region)
    let t = ReelInstant(seconds: 1)
    #expect(router.route(mouse(.press(.left), 3, 9), at: t) == .handled)
    #expect(router.isDragging)
    // Row 9 is viewport y 4.5: item 2 (rows 4–5).
    #expect(router.route(mouse(.release(.left), 3, 9), at: t) == .selected(id, index: 2))
    #expect(source.selections == [2])
    #expect(!router.isDragging)
  }

  /// After its region moves, a target takes the clicks at its new place and not the old one.
  @Test func aMovedRegionTakesTheClicksAtItsNewPlace() {
    let (list, source) = makeList()
    let router = TerminalInputRouter()
    let id = router.add(list, region: region)
    let moved = CellRect(x: 30, y: 0, width: 20, height: 10)
    router.setRegion(moved, for: id)
    #expect(router.region(for: id) == moved)
    let t = ReelInstant(seconds: 1)
    let old = mouse(.press(.left), 3, 9)
    #expect(router.route(old, at: t) == .unhandled(old))
    #expect(router.route(mouse(.press(.left), 33, 4), at: t) == .handled)
    #expect(router.draggingTarget == id)
    // Row 4 is viewport y 4.5: item 2.
    #expect(router.route(mouse(.release(.left), 33, 4), at: t) == .selected(id, index: 2))
    #expect(source.selections == [2])
    router.setRegion(region, for: TerminalInputRouter.TargetID(value: 99))
    #expect(router.region(for: id) == moved, "an unknown id changes nothing")
  }

  @Test func clickOutsideEveryRegionIsUnhandled() {
    let (list, source) = makeList()
    let router = TerminalInputRouter()
    router.add(list, region: region)
    let event = mouse(.press(.left), 3, 1)
    #expect(router.route(event, at: .zero) == .unhandled(event))
    _ = source
  }

  @Test func dragMovesTheContentAndAFastReleaseFlings() {
    let (list, source) = makeList()
    let router = TerminalInputRouter()
    router.add(list, region: region)
    var t = ReelInstant(seconds: 1)
    router.route(mouse(.press(.left), 5, 14), at: t)
    for row in stride(from: 13, through: 6, by: -1) {
      t = t.advanced(by: .milliseconds(10))
      router.route(mouse(.drag(.left), 5, row), at: t)
    }
    #expect(list.contentOffset == 8)  // followed the pointer up 8 rows
    #expect(router.route(mouse(.release(.left), 5, 6), at: t) == .handled)
    #expect(list.scrollPhase == .decelerating)
    list.tick(t.advanced(by: .seconds(5)))
    // 100 points per second at release carry it about 50 points further (UIKit's 0.998).
    #expect(list.contentOffset > 40)
    _ = source
  }

  @Test func wheelScrollsTheListUnderThePointer() {
    let (list, source) = makeList()
    let router = TerminalInputRouter()
    router.wheelStep = 3
    router.add(list, region: region)
    router.route(mouse(.scroll(.down), 5, 7), at: .zero)
    router.route(mouse(.scroll(.down), 5, 7), at: .zero)
    #expect(list.contentOffset == 6)
    router.route(mouse(.scroll(.up), 5, 7), at: .zero)
    #expect(list.contentOffset == 3)
    _ = source
  }

  @Test func navigationKeysGoToTheFocusedTarget() {
    let (first, firstSource) = makeList()
    let (second, secondSource) = makeList()
    let router = TerminalInputRouter()
    let a = router.add(first, region: region)
    let b = router.add(second, region: CellRect(x: 0, y: 15, width: 20, height: 10))
    #expect(router.focus == a)
    router.focus = b
    #expect(router.route(.key(KeyEvent(.pageDown)), at: .zero) == .handled)
    second.tick(ReelInstant(seconds: 0))
    second.tick(ReelInstant(seconds: 1))
    #expect(second.contentOffset > 0)
    #expect(first.contentOffset == 0)
    let quit = InputEvent.key(KeyEvent(.character("q")))
    #expect(router.route(quit, at: .zero) == .unhandled(quit))
    _ = (firstSource, secondSource)
  }

  @Test func keyMapping() {
    #expect(TerminalInputRouter.navigationKey(for: KeyEvent(.up)) == .backward)
    #expect(TerminalInputRouter.navigationKey(for: KeyEvent(.right)) == .forward)
    #expect(TerminalInputRouter.navigationKey(for: KeyEvent(.pageUp)) == .pageBackward)
    #expect(TerminalInputRouter.navigationKey(for: KeyEvent(.end)) == .end)
    #expect(TerminalInputRouter.navigationKey(for: KeyEvent(.down, modifiers: .control)) == nil)
    #expect(TerminalInputRouter.navigationKey(for: KeyEvent(.character("j"))) == nil)
  }
}
