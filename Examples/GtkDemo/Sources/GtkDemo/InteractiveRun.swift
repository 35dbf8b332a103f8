import ReelGtk

/// The input and animation wiring: drag the cards, arrow keys change the page, scroll the
/// list, click a row; a tick callback eases the cards back after a drag.
@MainActor
enum InteractiveRun {
  /// Wires input and the frame clock; returns the objects to keep alive.
  ///
  /// - Parameter trace: print every input event to standard output.
  static func attach(window: Window, scene: DemoScene, trace: Bool) -> [AnyObject] {
    func log(_ line: @autoclosure () -> String) {
      if trace { print(line()) }
    }
    let drag = DragGesture(on: scene.carouselWidget) { event in
      log(
        "drag \(event.phase) start (\(event.startX), \(event.startY)) "
          + "offset (\(event.offsetX), \(event.offsetY)) t=\(event.timeMilliseconds)")
      scene.dragCarousel(event)
    }
    let scroll = ScrollController(on: scene.listWidget) { event in
      log("scroll dx \(event.dx) dy \(event.dy) t=\(event.timeMilliseconds)")
      scene.scrollList(by: event.dy * 40)
      return true
    }
    let key = KeyController(on: window.widget) { key in
      log("key \(key.name ?? "?") keyval \(key.keyval) t=\(key.timeMilliseconds)")
      switch key.name {
      case "Left": scene.setPage(scene.page - 1)
      case "Right": scene.setPage(scene.page + 1)
      default: return false
      }
      return true
    }
    let click = ClickGesture(on: scene.listWidget) { click in
      let row = scene.row(atListY: click.y).map { "row \($0 + 1)" } ?? "no row"
      log("click \(click.pressCount)x at (\(click.x), \(click.y)): \(row)")
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
