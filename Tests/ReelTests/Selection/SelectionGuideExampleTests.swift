import ReelTesting
import Testing

@testable import Reel

// The types the "Selection and focus" and "Prefetching" guides use; the test bodies repeat the
// guides' code, so that it compiles and does what the guides say.
final class Row: ReusableCell {
  var title = ""
  func prepareForReuse() { title = "" }
}

final class Inbox: VirtualListDataSource {
  var messages: [(subject: String, isLocked: Bool)]
  init(_ messages: [(subject: String, isLocked: Bool)]) { self.messages = messages }
  func numberOfItems(in list: VirtualList<Row>) -> Int { messages.count }
  func virtualList(_ list: VirtualList<Row>, cellForItemAt index: Int) -> Row {
    let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    row.title = messages[index].subject
    return row
  }
}

extension Inbox: VirtualListSelectionDelegate {
  func virtualList(_ list: VirtualList<Row>, shouldSelectItemAt index: Int) -> Bool {
    !messages[index].isLocked
  }
}

typealias Thumbnail = Row

final class Loader {
  var started: [String] = []
  var cancelled: [String] = []
  func start(_ photo: String) { started.append(photo) }
  func cancel(_ photo: String) { cancelled.append(photo) }
}

final class Gallery: VirtualListDataSource {
  let photos = (0..<500).map { "photo-\($0)" }
  let loader = Loader()
  func numberOfItems(in list: VirtualList<Thumbnail>) -> Int { photos.count }
  /// Runs at every bind (a test's clock that advances).
  var onBind: () -> Void = {}
  func virtualList(_ list: VirtualList<Thumbnail>, cellForItemAt index: Int) -> Thumbnail {
    onBind()
    return list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
  }
}

extension Gallery: VirtualListPrefetchingDataSource {
  func virtualList(_ list: VirtualList<Thumbnail>, prefetchItemsAt indices: [Int]) {
    for index in indices { loader.start(photos[index]) }
  }
  func virtualList(_ list: VirtualList<Thumbnail>, cancelPrefetchingForItemsAt indices: [Int]) {
    for index in indices { loader.cancel(photos[index]) }
  }
}

@Suite struct SelectionGuideExampleTests {
  func makeList() -> VirtualList<Row> {
    let list = VirtualList<Row>(layout: UniformLayout(extent: 40))
    list.register("row") { Row() }
    list.viewportSize = Size(width: 300, height: 400)
    return list
  }

  @Test func selectionGuide() {
    let list = makeList()
    let inbox = Inbox((0..<120).map { ("message \($0)", $0 == 2) })
    list.dataSource = inbox
    list.delegate = inbox
    let pointerDown = Point(x: 10, y: 45)
    let pointerUp = pointerDown
    list.selectionMode = .multiple
    list.highlightItem(at: pointerDown)
    #expect(list.isItemHighlighted(at: 1))
    list.selectItem(at: pointerUp)
    list.selectItem(at: 3)
    var drawnSelected: [Int] = []
    var drawnPressed: [Int] = []
    func draw(_ cell: Row, in frame: Rect, selected: Bool, pressed: Bool) {
      if selected { drawnSelected.append(Int(frame.minY / 40)) }
      if pressed { drawnPressed.append(Int(frame.minY / 40)) }
    }
    list.highlightItem(at: Point(x: 10, y: 205))
    for placement in list.placements {
      draw(
        placement.cell, in: placement.frame,
        selected: placement.isSelected, pressed: placement.isHighlighted)
    }
    #expect(drawnSelected == [1, 3])
    #expect(drawnPressed == [5])
    #expect(drawnSelected.allSatisfy { list.isItemSelected(at: $0) })
    list.unhighlight()
    // The locked message is vetoed.
    #expect(list.selectItem(at: Point(x: 10, y: 85)) == nil)

    list.focusedIndex = 0
    list.moveFocus(.arrow(.down, axis: list.axis, direction: list.direction))
    list.moveFocus(.arrow(.down, axis: list.axis, direction: list.direction))
    list.moveFocus(.arrow(.down, axis: list.axis, direction: list.direction))
    list.activateFocusedItem()
    let spoken = list.accessibilityPosition(ofItemAt: list.focusedIndex!)?.description
    #expect(spoken == "4 of 120")
    #expect(list.indicesForSelectedItems == [1])  // a tap on a selected item toggles it off
  }

  @Test func prefetchingGuide() {
    let list = makeList()
    let gallery = Gallery()
    list.dataSource = gallery
    list.prefetchDataSource = gallery
    list.layoutIfNeeded()
    list.contentOffset = 200
    list.layoutIfNeeded()
    #expect(gallery.loader.started.first == "photo-17")
    list.contentOffset = 100
    list.layoutIfNeeded()
    #expect(!gallery.loader.cancelled.isEmpty)
    #expect(Set(gallery.loader.cancelled).isSubset(of: Set(gallery.loader.started)))
  }

  /// The guide's frame loop with idle-time preparation: frames of 16 ms whose drawing takes
  /// 10 ms leave 6 ms, and binding a thumbnail takes 2 ms, so at most three cells are prepared
  /// per frame, the deadline is kept, and once the motion is under way the frames themselves
  /// bind nothing: the rows that scroll in were prepared.
  @Test func idleTimePreparationGuide() {
    let list = makeList()
    let gallery = Gallery()
    list.dataSource = gallery
    let clock = ManualClock()
    var bound = 0
    gallery.onBind = {
      bound += 1
      clock.advance(by: .milliseconds(2))
    }
    func draw(_ placements: Placements<Thumbnail>) { clock.advance(by: .milliseconds(10)) }
    var prepared = 0
    for frame in 0..<8 {
      list.contentOffset = Double(frame) * 40  // a row per frame
      let frameStart = clock.now
      let beforeFrame = bound
      list.tick(frameStart)
      draw(list.placements)
      // Frame 1's new row came before any preparation; from frame 2 on, rows were prepared.
      if frame > 1 { #expect(bound == beforeFrame, "frame \(frame) bound a row itself") }
      let before = bound
      prepared += list.prepareUpcomingCells(
        until: frameStart.advanced(by: .milliseconds(16)), clock: clock)
      #expect(bound - before <= 3)
      #expect(clock.now <= frameStart.advanced(by: .milliseconds(16)) || bound == before)
    }
    #expect(prepared >= 7)
  }
}
