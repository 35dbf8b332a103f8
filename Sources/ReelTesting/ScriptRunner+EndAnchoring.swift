import Reel

/// End anchoring: appends, growth of the last item, prepends, scrolls up and returns to the end
/// on a bounded list anchored at its end (``ReelOperation/append(count:)`` and the others make
/// the list anchored at its end first).
extension ScriptRunner {
  func performListFeature(_ op: ReelOperation) {
    switch op {
    case .append(let k): append(k)
    case .growLast(let d): growLast(d)
    case .prepend(let k): prepend(k)
    case .scrollUp(let d): scrollUp(d)
    case .backToEnd: backToEnd()
    case .saveRestore(let kind): saveRestore(kind.magnitudeModulo(3))
    case .select(let at, let byPath): select(at, byPath: byPath, selecting: true)
    case .deselect(let at, let byPath): select(at, byPath: byPath, selecting: false)
    default: break
    }
  }

  /// Brings the list to rest and anchors it at its end; `false` for cyclic lists.
  func anchorAtEnd() -> Bool {
    guard list.wrapping == .bounded else { return false }
    if list.isMoving || list.isAnimatingUpdates || list.scrollPhase != .idle {
      list.settle(clock: clock)
    }
    guard list.anchoring != .end else { return true }
    list.anchoring = .end
    list.layoutIfNeeded()
    if options.listFeatures && count > 0 && !list.isAtEnd {
      record(
        .endAnchoring,
        "anchoring = .end left the list at \(list.contentOffset), not at its end "
          + "\(list.maximumOffset)")
    }
    return true
  }

  /// While following the end with content longer than the viewport: where the last item ends
  /// in the viewport.
  func lastItemEnd() -> Double? {
    guard count > 0, list.isFollowingEnd, list.maximumOffset > list.minimumOffset else {
      return nil
    }
    return list.layout.slot(at: count - 1).end - list.contentOffset
  }

  /// While following the end, a change must leave the offset exactly at the end, and the last
  /// item ending where the last item ended before.
  func checkPinned(_ change: String, lastEnd: Double?) {
    // A viewport of no area shows nothing: there is no end in view to keep still, and a
    // snapping list may rightly start towards an item's resting offset instead.
    guard options.listFeatures, list.viewportSize.width > 0, list.viewportSize.height > 0
    else { return }
    if let lastEnd, count > 0, list.maximumOffset > list.minimumOffset {
      let now = list.layout.slot(at: count - 1).end - list.contentOffset
      if abs(now - lastEnd) > 1e-9 * max(1, list.contentExtent) {
        record(
          .endAnchoring,
          "\(change) while following the end moved the end of the last item from \(lastEnd) to "
            + "\(now) in the viewport: a drift of \(now - lastEnd)")
      }
    }
    if list.contentOffset != list.maximumOffset || !list.isFollowingEnd {
      record(
        .endAnchoring,
        "\(change) while following the end left the offset at \(list.contentOffset), "
          + "\(list.contentOffset - list.maximumOffset) from the end \(list.maximumOffset): "
          + "the last item must not drift")
    }
    if list.newItemsBelow != 0 {
      record(
        .endAnchoring,
        "\(change) while following the end counted \(list.newItemsBelow) new items below")
    }
  }

  /// Away from the end, a change keeps the first visible item (shifted by `shift` indices).
  func checkStill(_ before: AnchorProbe?, shift: Int, _ change: String) {
    guard options.listFeatures, let before, list.scrollPhase == .idle, !isClamped else { return }
    let index = before.index + shift
    if before.snapped {
      if list.restingDataIndex != index {
        record(
          .endAnchoring,
          "\(change) moved the resting item \(before.index) (now \(index)) away: the list rests "
            + "on \(list.restingDataIndex.map(String.init) ?? "none")")
      }
      return
    }
    let horizontal = list.axis == .horizontal
    let kept = before.isKept(shift: shift) { index, position in
      list.placements.contains {
        !$0.isDeparting && $0.index == index
          && abs((horizontal ? $0.frame.minX : $0.frame.minY) - position) <= epsilon * 10
      }
    }
    if !kept {
      record(
        .endAnchoring,
        "\(change) moved the visible item \(before.index) (now \(index)) from \(before.position)"
          + " in the viewport: it must stay still")
    }
  }

  /// Inserts items at a data index, as the subject's data changes go (plain or diffable).
  func insertForEnd(at position: Int, _ k: Int) {
    if diffable != nil {
      _ = performDiffable(.insert(at: position, count: k))
    } else {
      batch(.insert(at: position, count: k)) { $0.insert(at: position..<(position + k)) }
    }
  }

  func append(_ k: Int) {
    let canChange = diffable != nil || (sectioned == nil && subject.mutate != nil)
    guard canChange, anchorAtEnd() else { return }
    let k = min(max(1, k), options.maximumCount - count)
    guard k > 0 else { return }
    let following = list.isFollowingEnd
    let lastEnd = lastItemEnd()
    let below = list.newItemsBelow
    let probe = following ? nil : anchorProbe()
    insertForEnd(at: count, k)
    if following {
      checkPinned("appending \(k) items", lastEnd: lastEnd)
    } else {
      checkStill(probe, shift: 0, "appending \(k) items away from the end")
      if options.listFeatures && list.newItemsBelow != below + k && !list.isAtEnd {
        record(
          .endAnchoring,
          "appending \(k) items away from the end made newItemsBelow \(list.newItemsBelow), "
            + "not \(below + k)")
      }
    }
  }

  func growLast(_ d: Double) {
    guard count > 0, list.layout.supportsMeasuredExtents, anchorAtEnd() else { return }
    let last = count - 1
    let extent = list.layout.slot(at: last).extent
    let grown = min(400, extent + (d.isFinite ? min(max(d, 1), 200) : 20))
    guard grown != extent else { return }
    let following = list.isFollowingEnd
    let lastEnd = lastItemEnd()
    let probe = following ? nil : anchorProbe()
    list.setMeasuredExtent(grown, forItemAt: last)
    model?.measure(at: last, extent: grown)
    list.layoutIfNeeded()
    if following {
      checkPinned("growing the last item to \(grown)", lastEnd: lastEnd)
    } else {
      checkStill(probe, shift: 0, "growing the last item away from the end")
    }
  }

  func prepend(_ k: Int) {
    let canChange = diffable != nil || (sectioned == nil && subject.mutate != nil)
    guard canChange, anchorAtEnd() else { return }
    let k = min(max(1, k), options.maximumCount - count)
    guard k > 0 else { return }
    let following = list.isFollowingEnd
    let lastEnd = lastItemEnd()
    let probe = anchorProbe()
    insertForEnd(at: 0, k)
    if following {
      checkPinned("prepending \(k) items", lastEnd: lastEnd)
    } else {
      checkStill(probe, shift: k, "prepending \(k) items")
    }
  }

  func scrollUp(_ d: Double) {
    guard count > 0, anchorAtEnd() else { return }
    let distance = d.isFinite ? min(max(abs(d), 1), 100_000) : 100
    list.scroll(byWheel: -distance, time: clock.now)
    list.settle(clock: clock)
    guard options.listFeatures, list.contentOffset < list.maximumOffset - 0.5 else { return }
    if list.isFollowingEnd {
      record(
        .endAnchoring,
        "after a scroll up to \(list.contentOffset) (the end is \(list.maximumOffset)) the list "
          + "still follows its end")
    }
  }

  func backToEnd() {
    guard count > 0, anchorAtEnd() else { return }
    list.scrollToEnd(animated: false)
    list.layoutIfNeeded()
    guard options.listFeatures else { return }
    if !list.isAtEnd || !list.isFollowingEnd || list.newItemsBelow != 0 {
      record(
        .endAnchoring,
        "after scrollToEnd(animated: false) the list is at \(list.contentOffset) (end "
          + "\(list.maximumOffset)), following: \(list.isFollowingEnd), new items below: "
          + "\(list.newItemsBelow)")
    }
  }
}
