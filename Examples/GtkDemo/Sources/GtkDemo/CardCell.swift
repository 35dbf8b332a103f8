import CGtk4
import Reel
import ReelGtk

/// A banner card: a coloured rounded rectangle with a title and subtitle drawn with cairo, and
/// the card's PNG icon (decoded by GTK) in a `GtkPicture` at the top right.
@MainActor
final class CardCell: GtkCell {
  /// What the draw closure reads; separate so the closure does not retain the cell.
  private final class State {
    var color: UInt32 = 0x808080
    var title = ""
    var subtitle = ""
  }

  private let state = State()
  private let area: DrawingArea
  private let icon: Widget
  private let overlay: Overlay
  var widget: Widget { overlay.widget }

  init(placeholder: Texture) {
    area = DrawingArea { [state] cr, width, height in
      Cairo.roundedRectangle(cr, x: 0, y: 0, width: width, height: height, radius: 18)
      Cairo.setColor(cr, rgb: state.color)
      cairo_fill(cr)
      // A darker band at the bottom carries the text.
      cairo_save(cr)
      Cairo.roundedRectangle(cr, x: 0, y: 0, width: width, height: height, radius: 18)
      cairo_clip(cr)
      Cairo.setColor(cr, rgb: 0x000000, alpha: 0.28)
      cairo_rectangle(cr, 0, height - 62, width, 62)
      cairo_fill(cr)
      cairo_restore(cr)
      Cairo.setColor(cr, rgb: 0xFFFFFF)
      Cairo.drawText(cr, state.title, x: 20, y: height - 58, font: "Sans Bold 17")
      Cairo.setColor(cr, rgb: 0xFFFFFF, alpha: 0.8)
      Cairo.drawText(cr, state.subtitle, x: 20, y: height - 29, font: "Sans 10")
    }
    icon = placeholder.makePicture()
    icon.setSizeRequest(width: 64, height: 64)
    icon.setAlignment(horizontal: GTK_ALIGN_END, vertical: GTK_ALIGN_START)
    icon.setMargins(18)
    icon.setCanTarget(false)
    overlay = Overlay(child: area.widget)
    overlay.addOverlay(icon)
  }

  /// Shows `card`, the `index`-th of `count`.
  func configure(_ card: Palette.Card, icon texture: Texture, index: Int, count: Int) {
    state.color = card.color
    state.title = card.title
    state.subtitle = "\(card.subtitle) · \(index + 1) of \(count)"
    icon.setPictureTexture(texture)
    area.redraw()
  }
}

/// The banner's items: the palette's cards and their decoded icons.
final class CardSource: VirtualListDataSource, VirtualListDelegate {
  let cards: [Palette.Card]
  let textures: [Texture]

  /// Loads every card's icon with `gdk_texture_new_from_filename`.
  @MainActor init(cards: [Palette.Card], resources: String) throws {
    self.cards = cards
    textures = try cards.map { try Texture(contentsOf: resources + "/" + $0.icon) }
  }

  func numberOfItems(in list: VirtualList<CardCell>) -> Int { cards.count }

  func virtualList(_ list: VirtualList<CardCell>, cellForItemAt index: Int) -> CardCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "card", for: index)
    let (card, texture, count) = (cards[index], textures[index], cards.count)
    // The list runs on the main thread, inside GTK callbacks.
    MainActor.assumeIsolated {
      cell.configure(card, icon: texture, index: index, count: count)
    }
    return cell
  }
}
