#if GTK
  import Reel

  /// A cell a ``ReelGtkView`` can show: a ``ReusableCell`` that owns one GTK widget for its life.
  ///
  /// The view adds the widget to its container the first time the cell is displayed, moves it to
  /// the cell's frame every frame, and hides it while the cell waits in its pool. Configure the
  /// widget in the data source (`virtualList(_:cellForItemAt:)`), not in the view.
  ///
  /// ```swift
  /// final class RowCell: GtkCell {
  ///   let widget = Widget.label("")
  ///   func configure(title: String) { widget.setLabelText(title) }
  /// }
  /// ```
  @MainActor
  public protocol GtkCell: ReusableCell {
    /// The widget showing this cell; the same widget for the cell's whole life.
    var widget: Widget { get }
  }
#endif
