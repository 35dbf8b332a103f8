/// Which end of a list's content stays in place when items are added, removed or measured.
public enum ContentAnchoring: Sendable, Hashable {
  /// The first visible item keeps its place (the default): content added or grown below the
  /// viewport does not move what is shown.
  case start
  /// The last item's end stays at the viewport's end while the list is scrolled to its end, as
  /// in a chat or a log: the list opens at the end, follows items appended and a last item that
  /// grows, stops following when the user scrolls away and follows again once back at the end.
  /// Away from the end, the first visible item keeps its place, as with ``start``.
  ///
  /// Bounded lists only: a cyclic list has no end.
  case end
}

extension VirtualList {
  /// Which end of the content stays in place; ``ContentAnchoring/end`` for chat and log lists.
  ///
  /// ```swift
  /// let chat = VirtualList<Bubble>(layout: VariableLayout(estimatedExtent: 60))
  /// chat.anchoring = .end            // opens at the newest message and follows new ones
  /// ```
  ///
  /// Setting ``ContentAnchoring/end`` moves a loaded list to its end at the next pass. While
  /// the list rests at its end (``isAtEnd``) and no drag is in progress, appending items
  /// (``performBatchUpdates(_:)-(BatchUpdate)`` or ``reloadData()``), measuring items
  /// (``setMeasuredExtent(_:forItemAt:)``) or resizing the viewport keeps the last item's end
  /// at the viewport's end, exactly. When the content is shorter than the viewport, the items
  /// stay at the top. Items appended while the list is not at its end are counted in
  /// ``newItemsBelow``.
  ///
  /// - Precondition: the list is bounded (``Wrapping/bounded``): a cyclic list has no end, so
  ///   end anchoring is defined for bounded lists only.
  public var anchoring: ContentAnchoring {
    get { state.anchoring }
    set {
      precondition(
        newValue == .start || state.wrapping == .bounded,
        "VirtualList.anchoring = .end needs a bounded list: a cyclic list has no end to follow")
      guard newValue != state.anchoring else { return }
      applyPendingMeasurements()
      state.anchoring = newValue
      state.newItemsBelow = 0
      guard newValue == .end else { return }
      if state.hasPendingAnchor || state.needsPrepare || state.needsReload {
        state.pendingEndPin = true
      } else {
        pinToEnd(gap: 0)
      }
      state.needsLayout = true
    }
  }

  /// Whether a list following its end animates to the new end when items are appended, rather
  /// than jumping there (TanStack Virtual's `followOnAppend: 'smooth'`); `false` by default.
  ///
  /// When a batch update or a reload appends items while the list follows its end
  /// (``isFollowingEnd``), what is shown stays put and the content scrolls to the new end with
  /// the configured animation (``MotionConfiguration/animationDuration``), re-aimed if more
  /// items arrive on the way. Measurements and resizes still keep the end in place at once.
  ///
  /// ```swift
  /// chat.anchoring = .end
  /// chat.animatesFollowingEnd = true   // new messages slide in from below
  /// ```
  ///
  /// - Complexity: O(1).
  public var animatesFollowingEnd: Bool {
    get { state.animatesFollowingEnd }
    set { state.animatesFollowingEnd = newValue }
  }

  /// Whether the list rests at the end of its content: the offset is within half a point of
  /// ``maximumOffset`` or past it (a bounce). Always `false` in cyclic lists.
  ///
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public var isAtEnd: Bool {
    layoutIfNeeded()
    return offsetIsAtEnd
  }

  /// Whether the list follows its end: anchored at the end, at the end, and not being dragged.
  ///
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public var isFollowingEnd: Bool {
    layoutIfNeeded()
    return endGap != nil
  }

  /// The number of items appended at the end while the list was anchored at the end but not
  /// following it (scrolled up): what a "N new ↓" button shows. It returns to 0 when the list
  /// reaches its end.
  ///
  /// A batch update counts the insertions that end the list; a reload counts the growth of the
  /// count.
  public var newItemsBelow: Int {
    layoutIfNeeded()
    return state.newItemsBelow
  }

  /// Scrolls to the end of the content, where a list anchored at the end follows new items
  /// again: the action of a jump-to-latest button.
  ///
  /// An animated scroll heads for the end wherever it moves: items appended or measured
  /// during the animation re-aim it at the new end, so it never lands short.
  ///
  /// ```swift
  /// if chat.newItemsBelow > 0 { chat.scrollToEnd(animated: true) }
  /// ```
  ///
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func scrollToEnd(animated: Bool) {
    layoutIfNeeded()
    guard state.wrapping == .bounded else { return }
    withMotion { motion, offset, geometry in
      motion.scrollToEnd(animated: animated, offset: &offset, in: geometry)
    }
  }

  // MARK: Hooks for the changes that keep the end in place

  /// Whether the offset is at or past the end (bounded lists).
  @usableFromInline
  var offsetIsAtEnd: Bool {
    state.wrapping == .bounded && state.offset >= maximumOffset - 0.5
  }

  /// While the list follows its end, the offset's distance past ``maximumOffset`` (0 when
  /// resting at the end or within the end's half-point tolerance before it, so that a change
  /// pins the list exactly to its new end; positive in a bounce); `nil` when it does not follow. Take it before a
  /// change and give it to ``pinToEnd(gap:)`` after.
  ///
  /// A motion heading away from the end (a page up, a fling or an animated scroll towards
  /// earlier items) stops the following at once, while its first frames are still at the end:
  /// where it lands must not depend on whether a message arrived in those frames.
  @usableFromInline
  var endGap: Double? {
    guard state.anchoring == .end, state.motion.phase != .dragging, state.wrapping == .bounded
    else { return nil }
    // The layout is asked once: the same test as `offsetIsAtEnd`, then the resting offset.
    let maximum = maximumOffset
    guard state.offset >= maximum - 0.5,
      (state.motion.restingOffset ?? state.offset) >= maximum - 0.5
    else { return nil }
    return max(0, state.offset - maximum)
  }

  /// Puts the offset `gap` past the end of the content as it is now (exactly at the end for a
  /// gap of 0), moving a motion in flight with it, and clears ``newItemsBelow``.
  @usableFromInline
  func pinToEnd(gap: Double) {
    pinToEnd(gap: gap, maximum: maximumOffset)
  }

  /// ``pinToEnd(gap:)`` when the caller already knows ``maximumOffset``.
  @usableFromInline
  func pinToEnd(gap: Double, maximum: Double) {
    state.newItemsBelow = 0
    let target = maximum + gap
    if target != state.offset { shiftContent(by: target - state.offset) }
  }

  /// Keeps a list that followed its end (`gap` past it before a change) at its end after the
  /// change: pins it there, or — when it animates its following, was at rest at the end and the
  /// change `grew` the content — leaves the offset and returns `true`: the caller starts the
  /// animation with ``animateToEnd()`` once the change is done.
  @usableFromInline
  func followEnd(gap: Double, grew: Bool) -> Bool {
    if state.animatesFollowingEnd && grew && gap == 0 {
      state.newItemsBelow = 0
      return true
    }
    pinToEnd(gap: gap)
    return false
  }

  /// Starts the animation to the end that ``followEnd(gap:grew:)`` asked for.
  @usableFromInline
  func animateToEnd() {
    withMotion { motion, offset, geometry in
      motion.scrollToEnd(animated: true, offset: &offset, in: geometry)
    }
  }

  /// After a change applied while not following the end: counts the items it appended.
  @usableFromInline
  func noteAppended(_ changes: IndexChanges) {
    guard state.anchoring == .end else { return }
    let inserted = changes.inserted
    var appended = 0
    while appended < inserted.count
      && inserted[inserted.count - 1 - appended] == changes.newCount - 1 - appended
    {
      appended += 1
    }
    state.newItemsBelow += appended
  }

  /// The layout pass calls this while ``newItemsBelow`` is not 0: reaching the end clears it.
  @usableFromInline
  func clearNewItemsIfAtEnd() {
    if offsetIsAtEnd { state.newItemsBelow = 0 }
  }
}
