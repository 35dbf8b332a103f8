import Reel

extension Banner {
  /// Whether the user's play/pause control is on "playing": autoplay is configured and was not
  /// paused. Setting it plays or pauses (the WCAG 2.2.2 control).
  public var isPlaying: Bool {
    get { autoplay.isEnabled && !pausedByUser }
    set { newValue ? play() : pause() }
  }

  /// Whether autoplay is running now: playing, visible, the app active, motion allowed, at least
  /// two items and a viewport to show them in.
  @inlinable
  public var isAutoplayActive: Bool {
    isPlaying && isVisible && isAppActive && reducedMotion.allowsAutoplay
      && list.numberOfItems >= 2 && list.viewportExtent > 0
  }

  /// When autoplay will next move on, if it is armed. It is armed at the first ``tick(_:)``
  /// after the banner comes to rest, a full interval ahead.
  public var autoplayDeadline: ReelInstant? { deadline }

  /// Resumes autoplay (the user's play control); the next item comes a full interval after the
  /// next tick. Does nothing when autoplay is ``Autoplay/off``.
  public func play() {
    guard pausedByUser else { return }
    pausedByUser = false
    deadline = nil
  }

  /// Pauses autoplay (the user's pause control). A step already in flight finishes.
  public func pause() {
    pausedByUser = true
    deadline = nil
  }

  /// Plays when paused, pauses when playing.
  public func togglePlayback() {
    isPlaying ? pause() : play()
  }

  /// Starts autoplay, as carousel libraries' `start` does: the same as ``play()``.
  public func start() { play() }

  /// Stops autoplay, as carousel libraries' `stop` does: the same as ``pause()``.
  public func stop() { pause() }

  // MARK: Frames

  // `tick(_:)` is always inlined into the frontend's frame: out of line, the run-time
  // exclusivity checks on the banner's properties are not merged, and an idle banner's frame
  // (reel-bench's W5) runs about 15 % more instructions.

  /// Advances motion and autoplay to `now`, then reports a changed page.
  ///
  /// Call it every frame while ``needsFrames`` is `true`, and otherwise at ``nextDeadline``.
  /// Autoplay arms its deadline a full interval after the first tick at rest and, when the
  /// deadline has passed, starts an animated step to the neighbour of the resting item. It never
  /// steps while a drag, fling or animation is in flight, and never more than one item per tick.
  ///
  /// - Complexity: O(1) plus the list's layout pass.
  @inlinable @inline(__always)
  public func tick(_ now: ReelInstant) {
    lastTime = now
    list.tick(now)
    let state = (list.contentOffset, list.numberOfItems, list.viewportSize)
    if let last = publishedState, last.offset == state.0, last.count == state.1,
      last.viewport == state.2
    {
      // Nothing the page depends on moved: skip the lookup.
    } else {
      refresh()
      publishedState = (list.contentOffset, list.numberOfItems, list.viewportSize)
    }
    runAutoplay(at: now)
    if list.scrollPhase == .idle && !list.needsFrames { autoplayMoved = false }
  }

  /// Whether the frontend should keep delivering frames: the list moves, or autoplay needs a tick
  /// to arm. When `false`, sleep until input or ``nextDeadline``.
  @inlinable
  public var needsFrames: Bool {
    list.needsFrames || (deadline == nil && list.scrollPhase == .idle && isAutoplayActive)
  }

  /// The next instant at which the banner needs a tick without input: the autoplay deadline or
  /// the list's own, whichever comes first.
  public var nextDeadline: ReelInstant? {
    switch (deadline, list.nextDeadline) {
    case (let a?, let b?): return min(a, b)
    case (let a, let b): return a ?? b
    }
  }

  @inlinable
  func runAutoplay(at now: ReelInstant) {
    guard isAutoplayActive, let interval = autoplay.interval else {
      deadline = nil
      return
    }
    guard list.scrollPhase == .idle, !list.needsFrames else {
      deadline = nil
      return
    }
    guard let due = deadline else {
      deadline = now.advanced(by: interval)
      return
    }
    guard now >= due else { return }
    step(by: autoplay.direction?.step ?? 1, animated: reducedMotion.animates, byAutoplay: true)
    if list.isMoving {
      deadline = nil
      list.tick(now)  // the animation starts now, not at the next frame
    } else {
      deadline = now.advanced(by: interval)
    }
  }

  /// Moves `delta` items from the resting item (or the target of the animation in flight);
  /// returns whether the banner moved.
  @discardableResult
  @usableFromInline
  func step(by delta: Int, animated: Bool, byAutoplay: Bool = false) -> Bool {
    let count = list.numberOfItems
    guard count >= 2, list.scrollPhase != .dragging else { return false }
    if byAutoplay {
      deadline = nil
      autoplayMoved = true
    } else {
      userInteracted()
    }
    if animated && !byAutoplay {
      return list.handle(delta > 0 ? NavigationKey.forward : .backward)
    }
    guard let item = list.restingVirtualIndex else { return false }
    var target = item + delta
    if list.wrapping == .bounded {
      // A bounded banner's autoplay rewinds to the other end; keys stop there.
      if target >= count { target = byAutoplay ? 0 : count - 1 }
      if target < 0 { target = byAutoplay ? count - 1 : 0 }
    }
    if animated {
      list.animate(toVirtualIndex: target, alignment: .resting)
    } else {
      list.stopMotion(at: lastTime)
      list.contentOffset = list.targetOffset(forVirtualIndex: target, alignment: .resting)
      refresh()
    }
    return true
  }
}
