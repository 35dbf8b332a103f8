import CGtk4
import ReelGtk

/// The page indicator: one dot per page, the current one a wide bright pill, centred.
@MainActor
final class PageDots {
  /// What the draw closure reads; separate so the closure does not retain the view.
  private final class State {
    var count = 0
    var current = 0
  }

  static let dot = 10.0
  static let wide = 28.0
  static let spacing = 10.0

  private let state = State()
  let area: DrawingArea
  var widget: Widget { area.widget }

  init() {
    area = DrawingArea { [state] cr, width, height in
      let total =
        PageDots.wide + Double(max(0, state.count - 1)) * (PageDots.dot + PageDots.spacing)
      var x = ((width - total) / 2).rounded(.down)
      let y = ((height - PageDots.dot) / 2).rounded(.down)
      for page in 0..<state.count {
        let isCurrent = page == state.current
        let w = isCurrent ? PageDots.wide : PageDots.dot
        Cairo.roundedRectangle(cr, x: x, y: y, width: w, height: PageDots.dot, radius: 5)
        Cairo.setColor(cr, rgb: isCurrent ? Palette.dotOn : Palette.dotOff)
        cairo_fill(cr)
        x += w + PageDots.spacing
      }
    }
    // The banner announces page changes itself; the dots are for the eye.
    area.widget.setHiddenFromAccessibility(true)
  }

  func show(count: Int, current: Int) {
    guard count != state.count || current != state.current else { return }
    state.count = count
    state.current = current
    area.redraw()
  }
}
