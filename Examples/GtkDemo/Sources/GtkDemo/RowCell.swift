import Reel
import ReelGtk

/// A list row: a `GtkLabel` whose background alternates by CSS class.
@MainActor
final class RowCell: GtkCell {
  let widget = Widget.label("")
  private var isEven: Bool?

  init() {
    widget.addCSSClass("reel-row")
  }

  func configure(text: String, even: Bool) {
    widget.setLabelText(text)
    guard even != isEven else { return }
    if let isEven { widget.removeCSSClass(isEven ? "reel-row-even" : "reel-row-odd") }
    widget.addCSSClass(even ? "reel-row-even" : "reel-row-odd")
    isEven = even
  }
}

/// A long list of rows whose heights vary with the index (given up front to the layout).
final class RowSource: VirtualListDataSource {
  static let heights: [Double] = [44, 64, 36, 88, 52, 40, 72, 48, 96, 36, 60, 44]
  let count: Int

  init(count: Int) {
    self.count = count
  }

  static func height(of index: Int) -> Double { heights[index % heights.count] }

  /// The layout: every row's height known up front, 4 points apart, 8 points of padding.
  func makeLayout() -> VariableLayout {
    VariableLayout(
      extents: (0..<count).map(Self.height(of:)), estimatedExtent: 52, spacing: 4,
      insets: ContentInsets(start: 8, end: 8, crossStart: 8, crossEnd: 8))
  }

  func numberOfItems(in list: VirtualList<RowCell>) -> Int { count }

  func virtualList(_ list: VirtualList<RowCell>, cellForItemAt index: Int) -> RowCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    let text = "Row \(index + 1) · \(Int(Self.height(of: index))) pt tall"
    MainActor.assumeIsolated { cell.configure(text: text, even: index.isMultiple(of: 2)) }
    return cell
  }
}
