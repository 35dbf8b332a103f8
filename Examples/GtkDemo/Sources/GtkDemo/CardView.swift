import CGtk4
import ReelGtk

/// A coloured card drawn with cairo: a rounded rectangle, a title and a subtitle.
@MainActor
final class CardView {
  let area: DrawingArea
  var widget: Widget { area.widget }

  init(title: String, subtitle: String, color: UInt32) {
    area = DrawingArea { cr, width, height in
      Cairo.roundedRectangle(cr, x: 0, y: 0, width: width, height: height, radius: 18)
      Cairo.setColor(cr, rgb: color)
      cairo_fill(cr)
      // A darker band at the bottom carries the text.
      cairo_save(cr)
      Cairo.roundedRectangle(cr, x: 0, y: 0, width: width, height: height, radius: 18)
      cairo_clip(cr)
      Cairo.setColor(cr, rgb: 0x000000, alpha: 0.28)
      cairo_rectangle(cr, 0, height - 58, width, 58)
      cairo_fill(cr)
      cairo_restore(cr)
      Cairo.setColor(cr, rgb: 0xFFFFFF)
      Cairo.drawText(cr, title, x: 16, y: height - 54, font: "Sans Bold 17")
      Cairo.setColor(cr, rgb: 0xFFFFFF, alpha: 0.8)
      Cairo.drawText(cr, subtitle, x: 16, y: height - 27, font: "Sans 10")
    }
  }
}

/// A page indicator dot: a pill, wide and bright when it is the current page.
@MainActor
final class DotView {
  /// What the draw closure reads; separate so the closure does not retain the view.
  private final class State {
    var isCurrent = false
  }

  private let state = State()
  let area: DrawingArea
  var widget: Widget { area.widget }
  var isCurrent: Bool {
    get { state.isCurrent }
    set {
      guard newValue != state.isCurrent else { return }
      state.isCurrent = newValue
      area.redraw()
    }
  }

  init() {
    area = DrawingArea { [state] cr, width, height in
      Cairo.roundedRectangle(cr, x: 0, y: 0, width: width, height: height, radius: height / 2)
      Cairo.setColor(cr, rgb: state.isCurrent ? Palette.dotOn : Palette.dotOff)
      cairo_fill(cr)
    }
  }
}
