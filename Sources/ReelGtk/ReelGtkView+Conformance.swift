#if GTK
  import CGtk4
  import Reel

  extension ReelGtkView {
    /// Checks the adapter's contract against the engine and returns every violation found
    /// (empty when all hold); meant to run after every frame in tests and headless runs.
    ///
    /// Checked: the list's own invariants (`VirtualList.invariantViolations()`); every placement's
    /// cell has its widget in this container, visible, at the placement's frame; no cell widget
    /// is shown twice, and each has its placement's opacity and the list's selected state; the
    /// pinned header's widget is the last child (drawn on top); every other cell widget (pooled
    /// cells) is hidden; no more host widgets than live cells
    /// (released cells took theirs with them); the viewport
    /// matches the container's allocation once there is one.
    ///
    /// ```swift
    /// view.advance(to: now)
    /// precondition(view.conformanceViolations().isEmpty)
    /// ```
    ///
    /// - Complexity: O(attached widgets + the list's own check).
    public func conformanceViolations() -> [String] {
      var problems = model.list.invariantViolations().map { "engine: \($0)" }
      var placed = Set<ObjectIdentifier>()
      for placement in model.list.placements {
        let id = ObjectIdentifier(placement.cell)
        if !placed.insert(id).inserted {
          problems.append("item \(placement.index): its cell is placed twice")
        }
        guard let host = hosts[id], host.cell === placement.cell else {
          problems.append("item \(placement.index): its cell has no host widget")
          continue
        }
        guard gtk_widget_get_parent(host.widget.pointer) == container.widget.pointer,
          gtk_widget_get_parent(placement.cell.widget.pointer) == host.widget.pointer
        else {
          problems.append("item \(placement.index): its widget is not in the view's container")
          continue
        }
        if gtk_widget_get_visible(host.widget.pointer) == 0 {
          problems.append("item \(placement.index): its widget is hidden")
        }
        let rect = placement.frame
        let expected = WidgetFrame(
          x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        if let frame = container.frame(of: host.widget), frame != expected {
          problems.append("item \(placement.index): widget frame \(frame), placement \(rect)")
        }
        // GTK keeps a widget's opacity in 8 bits.
        let opacity = gtk_widget_get_opacity(host.widget.pointer)
        if abs(opacity - placement.opacity) > 1.0 / 255 {
          problems.append(
            "item \(placement.index): widget opacity \(opacity), placement \(placement.opacity)")
        }
        if placement.isPinned, gtk_widget_get_next_sibling(host.widget.pointer) != nil {
          problems.append(
            "item \(placement.index): the pinned header's widget is not the last child "
              + "(rows would be drawn over it)")
        }
        let isItem = placement.kind == .item && !placement.isDeparting
        let selected = isItem && model.list.isItemSelected(at: placement.index)
        let flags = gtk_widget_get_state_flags(host.widget.pointer).rawValue
        if (flags & GTK_STATE_FLAG_SELECTED.rawValue != 0) != selected {
          problems.append(
            "item \(placement.index): widget \(selected ? "not " : "")drawn selected, the list "
              + "says \(selected ? "" : "not ")selected")
        }
      }
      for (id, host) in hosts where !placed.contains(id) {
        if gtk_widget_get_visible(host.widget.pointer) != 0 {
          problems.append("a cell that is not placed (pooled or released) has a visible widget")
        }
      }
      let alive = model.list.cellsCreated - model.list.cellsReleased
      if hosts.count > alive {
        problems.append(
          "\(hosts.count) host widgets for \(alive) live cells: released cells kept their widgets")
      }
      let (width, height) = container.allocatedSize
      if width > 0, height > 0, frameCount > 0,
        model.viewportSize != Size(width: Double(width), height: Double(height))
      {
        problems.append(
          "viewport \(model.viewportSize) differs from the allocation \(width)x\(height)")
      }
      return problems
    }
  }
#endif
