#if GTK
  import CGtk4
  import Reel

  extension ReelGtkView {
    /// The most measuring rounds per frame: each round measures the rows a previous round
    /// brought into view (a measured row shorter than its estimate pulls in the next ones).
    static var measuringRounds: Int { 4 }

    /// Shows, measures, moves and hides host widgets to match the list's placements, gives
    /// each its placement's opacity and its selected, highlighted, cursor and pinned state, then
    /// destroys the hosts of cells the pools released.
    ///
    /// Children follow the placements' drawing order: the window's cells in item order (the
    /// order assistive technologies read), then the cells departing in an animated update,
    /// then the pinned section header, which GTK draws last, above the rows sliding under it.
    func place() {
      measure()
      let list = model.list
      let cursor = cursorIndex
      let selectable = list.selectionMode != .none
      let copies = list.wrapping == .cyclic ? accessibleCopies() : nil
      var seen = Set<ObjectIdentifier>(minimumCapacity: shown.count + 4)
      var previous: UnsafeMutablePointer<GtkWidget>?
      for placement in list.placements {
        let id = ObjectIdentifier(placement.cell)
        let host = host(for: placement.cell, id: id)
        if gtk_widget_get_prev_sibling(host.widget.pointer) != previous {
          gtk_widget_insert_after(host.widget.pointer, container.widget.pointer, previous)
        }
        previous = host.widget.pointer
        let rect = placement.frame
        container.setFrame(
          WidgetFrame(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height),
          of: host.widget)
        if shown.insert(id).inserted { host.widget.setVisible(true) }
        host.setOpacity(placement.opacity)
        host.setPinned(placement.isPinned)
        // A departing cell's index is the one its item had before the update: it shows no state.
        let isItem = placement.kind == .item && !placement.isDeparting
        if isItem, let position = list.accessibilityPosition(ofItemAt: placement.index) {
          host.setPosition(position.position, of: position.count)
        }
        if host.labelledIndex != placement.index {
          host.labelledIndex = placement.index
          host.setAccessibleLabel(placement.cell.accessibleLabel ?? host.firstLabelText())
        }
        host.setCursor(isItem && placement.index == cursor)
        host.setSelected(selectable && isItem ? list.isItemSelected(at: placement.index) : nil)
        host.setHighlighted(isItem && list.isItemHighlighted(at: placement.index))
        host.setHiddenFromAccessibility(copies?[placement.index].map { $0 != id } ?? false)
        seen.insert(id)
      }
      for id in shown where !seen.contains(id) {
        hosts[id]?.widget.setVisible(false)
      }
      shown = seen
      syncAccessibleSelectionMode()
      if list.cellsReleased != releasedAtLastSweep {
        releasedAtLastSweep = list.cellsReleased
        sweepReleasedCells()
      }
    }

    /// In a cyclic list, which copy of each displayed item assistive technologies see, by data
    /// index: the copy whose centre is nearest the viewport's centre, so each item is in the
    /// accessible tree once and that copy is the one on screen. The other copies stay drawn.
    ///
    /// - Complexity: O(displayed cells).
    private func accessibleCopies() -> [Int: ObjectIdentifier] {
      let list = model.list
      let centre = Point(x: model.viewportSize.width / 2, y: model.viewportSize.height / 2)
      var best: [Int: (id: ObjectIdentifier, distance: Double)] = [:]
      for placement in list.placements where placement.kind == .item && !placement.isDeparting {
        let distance =
          list.axis == .vertical
          ? abs(placement.frame.midY - centre.y) : abs(placement.frame.midX - centre.x)
        if let current = best[placement.index], current.distance <= distance { continue }
        best[placement.index] = (ObjectIdentifier(placement.cell), distance)
      }
      return best.mapValues(\.id)
    }

    /// The host of a displayed cell, created and added to the container the first time the
    /// cell shows.
    private func host(for cell: Model.Cell, id: ObjectIdentifier) -> CellHost<Model.Cell> {
      if let host = hosts[id], host.cell === cell { return host }
      // A dead cell's identifier can be reused by a new cell before the sweep: replace it.
      hosts.removeValue(forKey: id)?.destroy(in: container)
      let host = CellHost(cell: cell, role: Model.accessibleRoles.item)
      if let description = Model.accessibleRoles.itemDescription {
        reel_accessible_set_role_description(host.widget.raw, description)
      }
      hosts[id] = host
      // Visible from the start: it is about to be placed, and GTK measures hidden widgets as 0.
      container.add(host.widget, frame: .zero)
      shown.insert(id)
      return host
    }

    /// Feeds the true extents of displayed rows to a measuring layout: each row whose item or
    /// cross size changed since its last measure is measured along the main axis for its cross
    /// size (height for width in a vertical list), and a round's rows are given to the list in
    /// one batch (one anchoring). The list keeps its first visible item in place.
    private func measure() {
      let list = model.list
      guard list.layout.supportsMeasuredExtents else { return }
      let orientation =
        list.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
      for _ in 0..<Self.measuringRounds {
        var changed = false
        list.measure { batch in
          for placement in list.placements {
            let id = ObjectIdentifier(placement.cell)
            let host = host(for: placement.cell, id: id)
            let cross = list.axis == .vertical ? placement.frame.width : placement.frame.height
            if let last = host.measuredFor, last.index == placement.index,
              last.crossExtent == cross
            {
              continue
            }
            host.measuredFor = (placement.index, cross)
            // A pooled cell's host is hidden, and GTK measures hidden widgets as 0.
            if shown.insert(id).inserted { host.widget.setVisible(true) }
            let extent = host.measure(orientation, forSize: cross)
            let current = list.axis == .vertical ? placement.frame.height : placement.frame.width
            if abs(extent - current) >= 0.5 {
              batch.setExtent(extent, forItemAt: placement.index)
              changed = true
            }
          }
        }
        if !changed { return }
      }
    }

    /// Re-measures every displayed row, and names it again for assistive technologies, at the
    /// next frame (after its content changed in place).
    ///
    /// - Complexity: O(host widgets), bounded by the cells the list keeps.
    public func invalidateMeasurements() {
      for host in hosts.values {
        host.measuredFor = nil
        host.labelledIndex = nil
      }
      setNeedsFrames()
    }

    /// Destroys the hosts (and so the widgets) of cells the pools released.
    private func sweepReleasedCells() {
      for (id, host) in hosts where host.cell == nil {
        hosts.removeValue(forKey: id)
        shown.remove(id)
        host.destroy(in: container)
      }
    }
  }
#endif
