import Reel
import ReelTerminal

/// A banner page: a boxed card with a picture on the left and the title and subtitle beside
/// it. The picture is drawn once per size and kept while the cell shows the same page.
final class BannerCell: ReusableCell {
  var index = -1
  var item: BannerPage?
  var pageCount = 0
  private var picture: PixelGrid?
  private var pictureKey: (index: Int, width: Int, height: Int)?

  func configure(index: Int, item: BannerPage, pageCount: Int) {
    if self.index != index { picture = nil }
    self.index = index
    self.item = item
    self.pageCount = pageCount
  }

  func prepareForReuse() {
    item = nil
  }

  /// Draws the card into the screen cells `rect`.
  func draw(in rect: CellRect, screen: inout ScreenBuffer, isCurrent: Bool, theme: Theme) {
    guard let item else { return }
    let background = theme.cardBackground(item.hue)
    let accent = theme.readable(
      theme.variant == .dark ? Palette.hue(item.hue, value: 0.95) : theme.accent(item.hue),
      on: background)
    let base = TextStyle(
      foreground: theme.readable(theme.cardText, on: background), background: background)
    screen.clear(rect, style: base)
    screen.drawBox(
      rect, border: isCurrent ? .double : .rounded,
      style: TextStyle(
        foreground: isCurrent
          ? accent
          : theme.readable(Palette.mix(accent, background, 0.5), on: background, minimum: 3),
        background: background))
    let inner = rect.inset(by: 1)
    guard !inner.isEmpty else { return }
    let pictureWidth = min(inner.width * 2 / 5, inner.height * 4)
    if pictureWidth > 0 {
      let art = picture(width: pictureWidth, height: inner.height * 2, item: item)
      if theme.isMonochrome {
        // No colour (NO_COLOR): the picture in shades, not in grey stripes.
        screen.drawShadedPicture(
          art, x: inner.x, y: inner.y, darkOnLight: theme.variant == .light, style: base)
      } else {
        screen.drawPicture(art, x: inner.x, y: inner.y, background: background)
      }
    }
    let textX = inner.x + pictureWidth + 2
    let text = CellRect(x: textX, y: inner.y, width: inner.maxX - textX - 1, height: 1)
    guard text.width > 0 else { return }
    let top = inner.y + max(0, (inner.height - 5) / 2)
    let lines: [(offset: Int, text: String, style: TextStyle)] = [
      (0, item.title, TextStyle(foreground: accent, background: background, bold: true)),
      (
        1, item.subtitle,
        TextStyle(
          foreground: theme.readable(theme.cardSubtle, on: background), background: background)
      ),
      (
        3, "Page \(index + 1) of \(pageCount)",
        TextStyle(
          foreground: theme.readable(Palette.mix(accent, background, 0.4), on: background),
          background: background)
      ),
      (
        4, "Click or Enter to open",
        TextStyle(
          foreground: theme.readable(theme.cardFaint, on: background), background: background,
          italic: true)
      ),
    ]
    // Only the lines that fit inside the border: a short banner shows the title and subtitle.
    for line in lines where top + line.offset < inner.maxY {
      screen.drawText(
        line.text, in: CellRect(x: text.x, y: top + line.offset, width: text.width, height: 1),
        style: line.style, overflow: .ellipsis)
    }
  }

  private func picture(width: Int, height: Int, item: BannerPage) -> PixelGrid {
    if let picture, let key = pictureKey, key == (index, width, height) { return picture }
    let made =
      item.photo.flatMap { BannerPhotos.picture(named: $0, width: width, height: height) }
      ?? BannerArt.picture(item.art, hue: item.hue, width: width, height: height)
    picture = made
    pictureKey = (index, width, height)
    return made
  }
}
