extension VirtualList {
  /// The *virtual* index of the item the motion in flight is headed for: the item a fling,
  /// an animated scroll or a snap comes to rest on; `nil` at rest, during a drag, and for
  /// motions that are not headed for an item (a fling without snapping).
  ///
  /// Several items can rest at one offset — at a bounded end, or when every item fits — so
  /// this can differ from the ``restingVirtualIndex`` read once the motion ends; it is the item
  /// the motion follows when a reload or batch update moves it.
  ///
  /// ```swift
  /// list.endDrag(at: clock.now, velocity: 1200)
  /// let page = list.motionTargetDataIndex ?? list.restingDataIndex  // page dots show where it goes
  /// ```
  ///
  /// - Complexity: O(1).
  public var motionTargetVirtualIndex: Int? { state.motion.targetVirtualIndex }

  /// The *data* index of the item the motion in flight is headed for
  /// (``motionTargetVirtualIndex`` reduced to `0..<numberOfItems`); `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public var motionTargetDataIndex: Int? {
    guard let v = state.motion.targetVirtualIndex, state.count > 0 else { return nil }
    return dataIndex(v)
  }

  /// The data index of the item the motion in flight is headed for.
  @available(*, deprecated, renamed: "motionTargetDataIndex")
  public var motionTargetIndex: Int? { motionTargetDataIndex }

  /// Records the identity of the item a motion in flight is headed for, when the data source
  /// gives identities, so that a reload can re-aim the motion at the same item. Called whenever
  /// motion may have chosen a new target; costs one data source call per new target.
  func noteMotionTarget() {
    guard let v = state.motion.targetVirtualIndex else {
      forgetMotionTarget()
      return
    }
    if state.motionTarget?.virtualIndex == v { return }
    var identity: AnyHashable?
    if state.asksForIdentities, state.count > 0, let source = state.dataSource,
      !state.needsReload
    {
      state.callbackDepth += 1
      identity = source.virtualList(self, identifierForItemAt: dataIndex(v))
      state.callbackDepth -= 1
    }
    replaceMotionTarget(with: (v, identity))
  }

  /// Forgets the recorded motion target: the motion is headed nowhere. Only the index is
  /// looked at until the target is known to be there: copying the optional tuple (an
  /// `AnyHashable` inside) costs more than the rest of an append's remapping.
  @inlinable
  func forgetMotionTarget() {
    if state.motionTarget?.virtualIndex != nil { replaceMotionTarget(with: nil) }
  }

  /// Replaces the recorded motion target. The replaced identity is the data source's value,
  /// whose `deinit` may call back into the list: it is released after the write.
  @usableFromInline
  func replaceMotionTarget(with target: (virtualIndex: Int, identity: AnyHashable?)?) {
    let replaced = state.motionTarget.take()
    state.motionTarget = target
    withExtendedLifetime(replaced) {}
  }

  /// The motion's target before a data change: its virtual index and, if known, its identity.
  @usableFromInline
  func motionTargetBeforeChange() -> (virtualIndex: Int, identity: AnyHashable?)? {
    guard let v = state.motion.targetVirtualIndex else { return nil }
    if let known = state.motionTarget, known.virtualIndex == v { return known }
    return (v, nil)
  }

  /// Re-aims a motion in flight after a data change: `newIndex` maps the target's old data index
  /// (and identity) to its new data index, or `nil` when the item is gone — the motion then
  /// heads for the item that took the target's index, as far as the new count allows.
  @usableFromInline
  func remapMotionTarget(
    _ target: (virtualIndex: Int, identity: AnyHashable?)?, oldCount: Int,
    newIndex: (Int, AnyHashable?) -> Int?
  ) {
    forgetMotionTarget()
    guard target?.virtualIndex != nil, let target, oldCount > 0 else { return }
    let newCount = state.count
    let oldIndex =
      state.wrapping == .cyclic
      ? CyclicMath.dataIndex(target.virtualIndex, count: oldCount)
      : target.virtualIndex
    guard newCount > 0, oldIndex >= 0, oldIndex < oldCount else {
      state.motion.remapTarget(toVirtualIndex: nil)
      return
    }
    var index = newIndex(oldIndex, target.identity) ?? min(oldIndex, newCount - 1)
    if index < 0 || index >= newCount { index = min(oldIndex, newCount - 1) }
    let v = CyclicMath.remap(
      target.virtualIndex, oldCount: oldCount, toIndex: index, newCount: newCount,
      cyclic: state.wrapping == .cyclic)
    state.motion.remapTarget(toVirtualIndex: v)
    replaceMotionTarget(with: (v, target.identity))
  }
}
