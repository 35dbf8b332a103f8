#if GTK
  import Reel

  /// A cell a ``ReelGtkView`` can show: a ``ReusableCell`` that owns one GTK widget for its life.
  ///
  /// The view wraps the widget in a host widget (which carries the item's accessible role,
  /// position and selection) the first time the cell is displayed, moves it to the cell's frame
  /// every frame, hides it while the cell waits in its pool, and destroys it when the pool
  /// releases the cell. Configure the widget in the data source
  /// (`virtualList(_:cellForItemAt:)`), not in the view.
  ///
  /// The view holds a reference to the widget while the cell is alive; a cell that outlives its
  /// view (a list kept after the view is gone) must hold its own (`g_object_ref_sink`).
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
    /// The item's name for assistive technologies; `nil` (the default) names it with the text
    /// of the first label in the cell's widget (depth first). The view reads it when the cell
    /// shows an item at a new index, and after ``ReelGtkView/invalidateMeasurements()``.
    var accessibleLabel: String? { get }
  }

  extension GtkCell {
    /// `nil`: the view names the item with its first label's text.
    public var accessibleLabel: String? { nil }
  }
#endif
