#if GTK
  import CGtk4
  import Reel

  extension ReelGtkView {
    /// The data index of the item drawn with the keyboard cursor (the focus ring when the view
    /// has focus): the list's ``VirtualList/focusedIndex``, or in a snapping list (a banner) its
    /// resting item.
    public var cursorIndex: Int? {
      let list = model.list
      return list.effectiveSnapping != nil ? list.restingDataIndex : list.focusedIndex
    }

    /// The lowest selected data index of the list's selection (``VirtualList/selectionMode``),
    /// shown with `:selected` and the `selected` CSS class; `nil` when nothing is selected.
    public var selectedIndex: Int? { model.list.indicesForSelectedItems.first }

    /// A click (a press released within ``clickSlop``) at `point`, in the view's coordinates:
    /// focuses the view and chooses the item there.
    ///
    /// In a list that does not snap, the item takes the keyboard focus and is selected as
    /// GTK's list views do: per the list's ``VirtualList/selectionMode``, a click selects only
    /// that item, and with `toggling` (Ctrl held) it toggles the item in a
    /// ``SelectionMode/multiple`` list instead. Headers, footers and cells departing in an
    /// animated update are not chosen. In a snapping list (a banner) the model's `tap(at:)`
    /// chooses. ``onSelect`` is called with the chosen index.
    ///
    /// The view's drag gesture calls it; tests call it through ``handleDrag(_:)``.
    public func click(at point: Point, toggling: Bool = false) {
      let list = model.list
      widget.grabFocus()
      if list.effectiveSnapping != nil {
        if let index = model.tap(at: point) { chose(index) }
        return
      }
      guard let placement = list.placement(at: point), !placement.isDeparting else { return }
      guard placement.kind == .item else {
        // A header or footer: the list tells its delegate (mode none) and selects nothing.
        if let index = model.tap(at: point) { chose(index) }
        return
      }
      list.focusedIndex = placement.index
      activate(placement.index, toggling: toggling)
    }

    /// Selects the item at `index` as a click would: it takes the keyboard focus, the list's
    /// selection follows its mode, and ``onSelect`` is called. In a snapping list (a banner,
    /// whose cursor is its resting item) the item is selected without taking the focus.
    ///
    /// - Precondition: `index` is an item of the list (not a header or footer).
    public func select(_ index: Int) {
      let list = model.list
      if list.effectiveSnapping != nil {
        list.selectItem(at: index)
        chose(index)
        return
      }
      list.focusedIndex = index
      activate(index, toggling: false)
    }

    /// Chooses the focused item at `index` through the list's selection model
    /// (``VirtualList/activateFocusedItem()``, which asks the selection delegate). In a
    /// multiple-selection list, choosing without `toggling` first deselects the other items, so
    /// the chosen item ends up the only one selected.
    private func activate(_ index: Int, toggling: Bool) {
      let list = model.list
      if list.selectionMode == .multiple, !toggling {
        for row in list.indicesForSelectedItems where row != index { list.deselectItem(at: row) }
        if list.isItemSelected(at: index) {
          chose(index)
          return
        }
      }
      list.activateFocusedItem()
      chose(index)
    }

    /// An item was chosen: tells ``onSelect`` and shows the new state.
    private func chose(_ index: Int) {
      onSelect?(index)
      if clock == .manual { layOut() } else { setNeedsFrames() }
    }

    /// Feeds a key press. In a list that does not snap, the arrows, Page Up/Down, Home and End
    /// move the list's focused item (``VirtualList/moveFocus(_:animated:)``, which scrolls it
    /// into view); the arrows across the axis move only in a grid of lanes. Enter or space
    /// select the focused item (Ctrl+space toggles it in a multiple-selection list). In a
    /// snapping list (a banner) the keys page and the cursor follows the resting item.
    ///
    /// The view's key controller calls it; tests call it with synthetic events.
    ///
    /// - Returns: whether the view used the key.
    @discardableResult
    public func handleKey(_ key: KeyEvent) -> Bool {
      let list = model.list
      if ["Return", "KP_Enter", "space", "KP_Space"].contains(key.name) {
        return activateFromKeyboard(toggling: key.modifiers & GDK_CONTROL_MASK.rawValue != 0)
      }
      if list.effectiveSnapping != nil {
        guard let navigation = NavigationKey(gtkKeyName: key.name, axis: list.axis),
          model.handle(navigation)
        else { return false }
      } else {
        guard let move = focusMove(for: key.name), list.moveFocus(move) else { return false }
      }
      setNeedsFrames()
      if clock == .manual { layOut() }
      return true
    }

    /// Enter or space: selects the focused item; without one, the first fully shown item
    /// takes the focus first. A banner selects its resting card.
    private func activateFromKeyboard(toggling: Bool) -> Bool {
      let list = model.list
      if list.effectiveSnapping != nil {
        guard let resting = list.restingDataIndex, let index = model.tap(at: center(of: resting))
        else { return false }
        chose(index)
        return true
      }
      if list.focusedIndex == nil {
        guard
          let first = list.placements.first(where: {
            $0.kind == .item && !$0.isDeparting && !$0.isPinned && $0.frame.minY >= 0
              && $0.frame.minX >= 0
          })
        else { return false }
        list.focusedIndex = first.index
      }
      guard let focused = list.focusedIndex else { return false }
      activate(focused, toggling: toggling)
      return true
    }

    /// The centre of the displayed item at `index` (a banner's resting card), or a point
    /// outside the viewport when it is not displayed.
    private func center(of index: Int) -> Point {
      guard let placement = model.list.placements.first(where: { $0.index == index }) else {
        return Point(x: -1, y: -1)
      }
      return Point(x: placement.frame.midX, y: placement.frame.midY)
    }

    /// The focus move a key makes in a list that does not snap, or `nil` for other keys.
    func focusMove(for name: String?) -> FocusMove? {
      let list = model.list
      let arrow: FocusMove.Arrow
      switch name {
      case "Up", "KP_Up": arrow = .up
      case "Down", "KP_Down": arrow = .down
      case "Left", "KP_Left": arrow = .left
      case "Right", "KP_Right": arrow = .right
      case "Page_Up", "KP_Page_Up": return .pageBackward
      case "Page_Down", "KP_Page_Down": return .pageForward
      case "Home", "KP_Home": return .home
      case "End", "KP_End": return .end
      default: return nil
      }
      let move = FocusMove.arrow(arrow, axis: list.axis, direction: list.direction)
      // Across the axis there is only somewhere to go in a grid of lanes.
      let lanes = (list.layout as? UniformLayout)?.lanes ?? 1
      if lanes == 1, move == .laneBackward || move == .laneForward { return nil }
      return move
    }

    /// Tells assistive technologies whether several items may be selected
    /// (`GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE`), when the list's mode changed.
    func syncAccessibleSelectionMode() {
      let multiple = model.list.selectionMode == .multiple
      guard multiple != accessibleMultiSelectable else { return }
      accessibleMultiSelectable = multiple
      var property = GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE
      var value = GValue()
      gtk_accessible_property_init_value(property, &value)
      g_value_set_boolean(&value, multiple ? 1 : 0)
      gtk_accessible_update_property_value(
        OpaquePointer(container.widget.raw), 1, &property, &value)
      g_value_unset(&value)
    }
  }
#endif
