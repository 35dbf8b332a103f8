/// Direct manipulation: a pointer's drag and fling, the wheel and the navigation keys, each
/// handed to the list's motion as it happens.
extension VirtualList {
  // MARK: Dragging

  private func pointer(_ point: Point) -> Double {
    let value = axis.main(of: point)
    return axis == .horizontal && direction == .rightToLeft ? -value : value
  }

  /// A finger or pointer went down on the list: stops any motion and starts following it.
  ///
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func beginDrag(at point: Point, time: ReelInstant) {
    layoutIfNeeded()
    stopMotion(at: time)
    let startItem = effectiveSnapping == nil ? nil : restingVirtualIndex
    withMotion { motion, offset, _ in
      motion.beginDrag(pointer: pointer(point), time: time, startItem: startItem, offset: &offset)
    }
    state.delegate?.virtualListWillBeginDragging(self)
  }

  /// The pointer moved during a drag; the content follows it, rubber-banding past the edges of a
  /// bounded list. Ignored when no drag is in progress.
  ///
  /// - Complexity: O(1).
  public func drag(to point: Point, time: ReelInstant) {
    guard state.motion.phase == .dragging else { return }
    withMotion { motion, offset, geometry in
      motion.drag(pointer: pointer(point), time: time, offset: &offset, in: geometry)
    }
  }

  /// The pointer was lifted: the content flings with the release velocity and comes to rest —
  /// on an item when the list snaps, back at the edge when it was pulled past one.
  ///
  /// The delegate's
  /// ``VirtualListDelegate/virtualList(_:willEndDraggingWithVelocity:targetOffset:)`` may
  /// change where the content comes to rest.
  ///
  /// ```swift
  /// // A toolkit reports the finger's velocity: content moves the other way.
  /// list.endDrag(at: now, velocity: -fingerVelocity)
  /// ```
  ///
  /// - Parameters:
  ///   - time: when the pointer was lifted.
  ///   - velocity: the release velocity of the *content* in points per second, positive toward
  ///     later items (the content offset growing). Toolkits report the finger's velocity, which
  ///     has the opposite sign (a finger moving up flings a vertical list toward later items):
  ///     negate it, and mirror it too for a horizontal right-to-left list. `nil` estimates it
  ///     from the drag's recent samples.
  /// - Precondition: the delegate sets a finite target offset.
  /// - Complexity: O(1) plus a snap target lookup and the layout pass, if one is due.
  public func endDrag(at time: ReelInstant, velocity: Double? = nil) {
    guard state.motion.phase == .dragging else { return }
    layoutIfNeeded()
    let current = state.motion
    guard
      let plan = current.planRelease(
        at: time, velocity: velocity, offset: state.offset, in: scrollGeometry)
    else { return }
    var target = plan.target
    state.delegate?.virtualList(
      self, willEndDraggingWithVelocity: plan.velocity, targetOffset: &target)
    precondition(target.isFinite, "willEndDragging set a non-finite target offset \(target)")
    withMotion { motion, offset, geometry in
      motion.startRelease(plan, target: target, offset: &offset, in: geometry)
    }
  }

  // MARK: Wheel and keys

  /// Wheel or trackpad input: moves the content by `delta` points towards later items (negative
  /// for earlier ones). A snapping list settles on an item once the wheel pauses.
  ///
  /// Ignored while a drag is in progress.
  ///
  /// - Precondition: `delta` is finite.
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func scroll(byWheel delta: Double, time: ReelInstant) {
    precondition(delta.isFinite, "scroll(byWheel:time:): delta must be finite, got \(delta)")
    guard state.motion.phase != .dragging else { return }
    layoutIfNeeded()
    withMotion { motion, offset, geometry in
      motion.scroll(byWheel: delta, time: time, offset: &offset, in: geometry)
    }
  }

  /// Handles a navigation key with an animated scroll; returns whether the list moved.
  ///
  /// ```swift
  /// list.handle(.forward)      // Down in a vertical list, Right in a horizontal one
  /// list.handle(.pageForward)  // Page Down
  /// ```
  ///
  /// A snapping list moves by items (a page is the number of visible items); other lists by
  /// ``MotionConfiguration/lineStep``, else the extent of the item at the offset, and a page is
  /// the viewport less one line. While an item has keyboard focus (``focusedIndex``), the key
  /// moves the focus instead (``moveFocus(_:animated:)``) and scrolls it into view.
  ///
  /// - Complexity: O(w) for w displayed cells, plus the layout pass, if one is due.
  @discardableResult
  public func handle(_ key: NavigationKey) -> Bool {
    layoutIfNeeded()
    guard state.count > 0, state.motion.phase != .dragging else { return false }
    if state.focusedRow != nil { return moveFocus(focusMove(for: key)) }
    var resting: Int?
    var perPage = 1
    if effectiveSnapping != nil {
      resting = restingVirtualIndex
      perPage = visibleIndices.count
    }
    return withMotion { motion, offset, geometry in
      motion.handle(
        key, offset: &offset, in: geometry, restingVirtualIndex: { resting },
        itemsPerPage: { perPage })
    }
  }
}
