import ReelGtk

/// The interactive mode: drag the cards, arrow keys change the page, scroll the list, click a
/// row; a tick callback eases the cards back after a drag.
@MainActor
enum InteractiveRun {
  /// Wires input and the frame clock; returns the objects to keep alive.
  static func attach(window: Window, scene: DemoScene) -> [AnyObject] {
    let drag = DragGesture(on: scene.carouselWidget) { event in scene.dragCarousel(event) }
    let scroll = ScrollController(on: scene.listWidget) { event in
      scene.scrollList(by: event.dy * 40)
      return true
    }
    let key = KeyController(on: window.widget) { key in
      switch key.name {
      case "Left": scene.setPage(scene.page - 1)
      case "Right": scene.setPage(scene.page + 1)
      default: return false
      }
      return true
    }
    let click = ClickGesture(on: scene.listWidget) { click in
      if let row = scene.row(atListY: click.y) { print("clicked row \(row + 1)") }
    }
    var lastTime: Int64?
    let tick = TickCallback(on: window.widget) { tick in
      let elapsed = lastTime.map { Double(tick.frameTimeMicroseconds - $0) / 1_000_000 } ?? 0
      lastTime = tick.frameTimeMicroseconds
      scene.layoutIfResized()
      scene.settle(elapsedSeconds: elapsed)
      return true
    }
    return [drag, scroll, key, click, tick]
  }
}
