import ReelGtk

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The demo's content: a row of three cards with icons, page dots, and a vertical list of
/// label rows of varying heights, all placed by ``FrameContainer``s.
///
/// The frames are computed here by hand; the Reel engine will compute them later.
@MainActor
final class DemoScene {
  let root = FrameContainer()
  private let title = Widget.label("Reel · GTK 4 frontend")
  private var cards: [CardView] = []
  private var icons: [Widget] = []
  private var dots: [DotView] = []
  private let list = FrameContainer()
  private var rows: [(widget: Widget, height: Double)] = []

  /// The current page, shown by the dots.
  private(set) var page = 0
  /// The carousel's horizontal displacement while dragging or settling.
  private var carouselOffset = 0.0
  private var dragBaseOffset = 0.0
  /// How far the list is scrolled.
  private var listOffset = 0.0
  private var laidOutSize = (width: 0, height: 0)
  private var isDragging = false

  static let pageCount = 5
  static let rowHeights: [Double] = [44, 64, 36, 88, 52, 40, 72, 48, 96, 36, 60, 44]

  init(width: Int, height: Int, resources: String) throws {
    root.widget.addCSSClass("reel-root")
    root.naturalSize = (width, height)
    title.addCSSClass("reel-title")
    root.add(title, frame: .zero)
    for card in Palette.cards {
      let view = CardView(title: card.title, subtitle: card.subtitle, color: card.color)
      cards.append(view)
      root.add(view.widget, frame: .zero)
      let icon = try Texture(contentsOf: resources + "/" + card.icon).makePicture()
      icons.append(icon)
      root.add(icon, frame: .zero)
    }
    for _ in 0..<Self.pageCount {
      let dot = DotView()
      dots.append(dot)
      root.add(dot.widget, frame: .zero)
    }
    list.widget.addCSSClass("reel-list")
    root.add(list.widget, frame: .zero)
    for (index, height) in Self.rowHeights.enumerated() {
      let label = Widget.label("Row \(index + 1) · \(Int(height)) pt tall")
      label.addCSSClass("reel-row")
      label.addCSSClass(index.isMultiple(of: 2) ? "reel-row-even" : "reel-row-odd")
      rows.append((label, height))
      list.add(label, frame: .zero)
    }
    setPage(0)
    layout(width: width, height: height)
  }

  /// Re-lays out when the root's allocated size changed (window resized).
  func layoutIfResized() {
    let size = (root.widget.width, root.widget.height)
    guard size.0 > 0, size.1 > 0, size != laidOutSize else { return }
    layout(width: size.0, height: size.1)
  }

  /// Computes every frame for a root of the given size.
  func layout(width: Int, height: Int) {
    laidOutSize = (width, height)
    let w = Double(width)
    let h = Double(height)
    let margin = 40.0
    root.setFrame(WidgetFrame(x: margin, y: 14, width: w - 2 * margin, height: 30), of: title)

    // Cards: three across, 20 pt apart, shifted by the carousel offset.
    let gap = 20.0
    let cardWidth = ((w - 2 * margin - 2 * gap) / 3).rounded(.down)
    let cardHeight = min(170, (h * 0.3).rounded(.down))
    let cardTop = 56.0
    for (index, card) in cards.enumerated() {
      let x = margin + Double(index) * (cardWidth + gap) + carouselOffset
      root.setFrame(
        WidgetFrame(x: x, y: cardTop, width: cardWidth, height: cardHeight), of: card.widget)
      root.setFrame(
        WidgetFrame(x: x + cardWidth - 16 - 40, y: cardTop + 16, width: 40, height: 40),
        of: icons[index])
    }

    // Dots, centred under the cards; the current one is a wider pill.
    let dotsTop = cardTop + cardHeight + 16
    let dotSize = 10.0
    let wide = 28.0
    let spacing = 10.0
    let total = wide + Double(Self.pageCount - 1) * (dotSize + spacing)
    var x = ((w - total) / 2).rounded(.down)
    for dot in dots {
      let dotWidth = dot.isCurrent ? wide : dotSize
      root.setFrame(
        WidgetFrame(x: x, y: dotsTop, width: dotWidth, height: dotSize), of: dot.widget)
      x += dotWidth + spacing
    }

    // The list fills the rest; rows are stacked with 4 pt gaps and scrolled by listOffset.
    let listTop = dotsTop + dotSize + 20
    let listFrame = WidgetFrame(
      x: margin, y: listTop, width: w - 2 * margin, height: max(0, h - listTop - 20))
    root.setFrame(listFrame, of: list.widget)
    var y = 8 - listOffset
    for row in rows {
      list.setFrame(
        WidgetFrame(x: 8, y: y, width: listFrame.width - 16, height: row.height), of: row.widget)
      y += row.height + 4
    }
  }

  /// The total height of the list's rows, for clamping the scroll offset.
  private var listContentHeight: Double {
    rows.reduce(8) { $0 + $1.height + 4 } + 4
  }

  func setPage(_ newPage: Int) {
    page = min(max(newPage, 0), Self.pageCount - 1)
    for (index, dot) in dots.enumerated() { dot.isCurrent = index == page }
    relayout()
  }

  func scrollList(by delta: Double) {
    let visible = Double(list.widget.height)
    let limit = max(0, listContentHeight - visible)
    listOffset = min(max(listOffset + delta, 0), limit)
    relayout()
  }

  func dragCarousel(_ event: DragEvent) {
    switch event.phase {
    case .began:
      isDragging = true
      dragBaseOffset = carouselOffset
    case .changed:
      carouselOffset = dragBaseOffset + event.offsetX
      relayout()
    case .ended:
      isDragging = false
      if event.offsetX < -60 { setPage(page + 1) }
      if event.offsetX > 60 { setPage(page - 1) }
    }
  }

  /// Eases the carousel back to rest; called every frame. Returns whether it moved.
  @discardableResult
  func settle(elapsedSeconds: Double) -> Bool {
    guard carouselOffset != 0, !isDragging else { return false }
    let decay = exp(-elapsedSeconds * 12)
    carouselOffset = abs(carouselOffset) < 0.5 ? 0 : carouselOffset * decay
    relayout()
    return true
  }

  private func relayout() {
    guard laidOutSize.width > 0 else { return }
    layout(width: laidOutSize.width, height: laidOutSize.height)
  }

  /// The row under a point in the list, for click feedback.
  func row(atListY y: Double) -> Int? {
    rows.firstIndex { row in
      guard let frame = list.frame(of: row.widget) else { return false }
      return y >= frame.y && y < frame.y + frame.height
    }
  }

  var listWidget: Widget { list.widget }
  var carouselWidget: Widget { root.widget }
}
