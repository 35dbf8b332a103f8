import Reel
import ReelBanner
import ReelGtk

/// The demo window's content: a title, the banner carousel, its page dots and a long list of
/// rows of varying heights. The carousel and the list are ``ReelGtkView``s: the Reel engine
/// places their pooled widgets. The root lays out its four children when it is allocated.
@MainActor
final class DemoScene {
  let root = FrameContainer()
  private let title = Widget.label("Reel · GTK 4 frontend")
  let dots = PageDots()
  let carousel: ReelGtkView<Banner<CardCell>>
  let list: ReelGtkView<VirtualList<RowCell>>
  /// The data sources (the lists hold them weakly).
  private let cards: CardSource
  private let rows: RowSource

  static let rowCount = 10_000

  init(resources: String, clock: ReelGtkClock) throws {
    cards = try CardSource(cards: Palette.cards, resources: resources)
    // The banner: horizontal, cyclic, paging one card at a time, autoplay every 2 s.
    let model = Banner<CardCell>(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic,
      autoplay: .every(.seconds(2)))
    let placeholder = cards.textures[0]
    model.list.register("card") { CardCell(placeholder: placeholder) }
    model.dataSource = cards
    carousel = ReelGtkView(model: model, clock: clock)

    rows = RowSource(count: Self.rowCount)
    let rowList = VirtualList<RowCell>(layout: rows.makeLayout())
    rowList.register("row", capacity: 8) { RowCell() }
    rowList.dataSource = rows
    list = ReelGtkView(model: rowList, clock: clock)
    list.container.widget.addCSSClass("reel-list")

    root.widget.addCSSClass("reel-root")
    title.addCSSClass("reel-title")
    root.add(title, frame: .zero)
    root.add(carousel.widget, frame: .zero)
    root.add(dots.widget, frame: .zero)
    root.add(list.widget, frame: .zero)
    dots.show(count: Palette.cards.count, current: 0)
    model.onPageChange = { [dots, unowned model] _ in
      let indicator = model.indicator
      MainActor.assumeIsolated {
        dots.show(count: indicator.isHidden ? 0 : indicator.count, current: indicator.current)
      }
    }
    root.onAllocate = { [unowned self] width, height in layout(width: width, height: height) }
  }

  /// The carousel's height for a window height.
  static func carouselHeight(_ height: Int) -> Double {
    min(220, (Double(height) * 0.36).rounded(.down))
  }

  /// Places the root's children for a root of the given size.
  func layout(width: Int, height: Int) {
    let w = Double(width)
    let h = Double(height)
    root.setFrame(WidgetFrame(x: 24, y: 12, width: w - 48, height: 30), of: title)
    let carouselTop = 52.0
    let carouselHeight = Self.carouselHeight(height)
    root.setFrame(
      WidgetFrame(x: 0, y: carouselTop, width: w, height: carouselHeight), of: carousel.widget)
    let dotsTop = carouselTop + carouselHeight + 10
    root.setFrame(WidgetFrame(x: 0, y: dotsTop, width: w, height: 12), of: dots.widget)
    let listTop = dotsTop + 12 + 12
    root.setFrame(
      WidgetFrame(x: 16, y: listTop, width: w - 32, height: max(0, h - listTop - 16)),
      of: list.widget)
  }

  /// Runs one frame of both views at `now` (the headless mode's simulated clock).
  func advance(to now: ReelInstant) {
    carousel.advance(to: now)
    list.advance(to: now)
  }
}
