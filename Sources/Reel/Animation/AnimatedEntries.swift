/// A placement that a steady frame redraws by its offset alone: what the redraw of an
/// ``EntryMotion`` whose drawing is ``EntryMotion/Drawing/offset`` reads, laid out together, so
/// that the frame's loop over such placements has no branch.
@usableFromInline
struct OffsetRedraw {
  /// The motion's `base.offset` and `delta.offset`.
  @usableFromInline var base: Double
  @usableFromInline var delta: Double
  /// The placement's position in the snapshot's entries.
  @usableFromInline var position: Int
  /// The motion's `factorSlot`.
  @usableFromInline var factorSlot: Int

  /// What the redraw of `motion`, the motion of the placement at `position`, reads.
  @inlinable
  init(_ motion: EntryMotion, at position: Int) {
    (base, delta) = (motion.base.offset, motion.delta.offset)
    (self.position, factorSlot) = (position, motion.factorSlot)
  }

  /// Writes the offset the motion draws at, given the table's factors: the same operations as
  /// ``EntryMotion/redraw(_:_:)``, so the same bits.
  @inlinable @inline(__always)
  func redraw(
    into entries: UnsafeMutablePointer<WindowEntry<some ReusableCell>>,
    _ factors: UnsafePointer<Double>
  ) {
    (entries + position).pointee.slot.offset = base + delta * factors[factorSlot]
  }
}

/// The placements of a snapshot while update animations run with nothing pinned, selected or
/// highlighted: for each of the window's entries, then for each departing cell, a copy of its
/// entry with the slot it is drawn at now, and beside it the entry's ``EntryMotion``.
///
/// The copies are read exactly as window entries are (a placement's frame, cell, index and
/// kind), so a frontend's reading loop runs the plain path whatever animates; only the opacity,
/// the transition, the virtual index and `isDeparting` look at the motion.
///
/// The copies are bitwise and hold their cells unretained, like resolved placements: the window's
/// entries, which every ``Placements`` holds beside the snapshot, keep the window's cells alive,
/// and the snapshot's `heldCells` the departing cells. They are never deinitialized.
@usableFromInline
struct AnimatedEntries<Cell: ReusableCell> {
  /// Room for `capacity` entries; the first `count` hold copies.
  @usableFromInline var entries: UnsafeMutablePointer<WindowEntry<Cell>>?
  /// Each entry's motion.
  @usableFromInline var motions: UnsafeMutablePointer<EntryMotion>?
  /// For each of the window's entries, a bitwise copy of the window entry as it was when its
  /// motion was last worked out or found to hold: while the window's bytes equal these, every
  /// kept motion holds, which one comparison of memory tells for the whole window.
  @usableFromInline var sources: UnsafeMutablePointer<WindowEntry<Cell>>?
  /// What a steady frame redraws, listed by ``listRedraws()`` after each refill: from the
  /// front, the first `offsetRedrawCount` are the placements whose motions draw the offset
  /// alone; from the back, the last `slotRedrawCount` hold (in `position`) those whose motions
  /// draw the whole slot. Placements at rest are in neither.
  @usableFromInline var redraws: UnsafeMutablePointer<OffsetRedraw>?
  @usableFromInline var offsetRedrawCount = 0
  @usableFromInline var slotRedrawCount = 0
  @usableFromInline var capacity = 0
  @usableFromInline var count = 0
  /// How many of the entries are the window's (the departing cells follow), the window's first
  /// virtual index, and the animator's generation their motions were worked out at: a refill
  /// at the same generation keeps the motions of entries that still show the same cell, item
  /// and slot.
  @usableFromInline var windowCount = 0
  @usableFromInline var windowStart = 0
  @usableFromInline var generation: UInt = 0
  /// The list's `departingVersion` the departing cells' motions were worked out at.
  @usableFromInline var departingVersion: UInt = 0
  /// The list's `windowVersion` when the window's motions were last drawn.
  @usableFromInline var windowVersion: UInt = 0
  /// The instant of the tick the motions were worked out or last moved at: a tick at an
  /// earlier instant works every motion out again (an animation that had ended may run again).
  @usableFromInline var instant: Int64 = .min
  /// The progress of each start instant the motions refer to; made by the first refill.
  @usableFromInline var table: ProgressTable?

  @inlinable init() {}

  /// Makes room for at least `minimumCapacity` entries, keeping the first `kept` entries and
  /// motions (at most the `count` written).
  @inlinable
  mutating func reserve(_ minimumCapacity: Int, keeping kept: Int) {
    if minimumCapacity > capacity { grow(minimumCapacity: minimumCapacity, keeping: kept) }
  }

  @usableFromInline
  mutating func grow(minimumCapacity: Int, keeping kept: Int) {
    let newCapacity = Swift.max(minimumCapacity, 2 &* capacity, 16)
    let newEntries = UnsafeMutablePointer<WindowEntry<Cell>>.allocate(capacity: newCapacity)
    let newMotions = UnsafeMutablePointer<EntryMotion>.allocate(capacity: newCapacity)
    let newSources = UnsafeMutablePointer<WindowEntry<Cell>>.allocate(capacity: newCapacity)
    let newRedraws = UnsafeMutablePointer<OffsetRedraw>.allocate(capacity: newCapacity)
    // Only entries the last refill wrote are kept.
    let kept = Swift.min(kept, count)
    if let entries, let motions, let sources {
      // Bitwise copies: moved as bytes, never deinitialized.
      let byteCount = kept &* MemoryLayout<WindowEntry<Cell>>.stride
      UnsafeMutableRawPointer(newEntries).copyMemory(from: entries, byteCount: byteCount)
      UnsafeMutableRawPointer(newSources).copyMemory(from: sources, byteCount: byteCount)
      newMotions.initialize(from: motions, count: kept)
      entries.deallocate()
      motions.deallocate()
      sources.deallocate()
    }
    // The list is made again by the refill that grows the storage.
    redraws?.deallocate()
    (offsetRedrawCount, slotRedrawCount) = (0, 0)
    (entries, motions, sources, redraws, capacity) = (
      newEntries, newMotions, newSources, newRedraws, newCapacity
    )
  }

  /// Lists what a steady frame redraws (see ``redraws``) from the first `count` motions.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  mutating func listRedraws() {
    let (motions, redraws) = (motions.unsafelyUnwrapped, redraws.unsafelyUnwrapped)
    var (offsets, slots) = (0, 0)
    for position in 0..<count {
      let motion = motions + position
      switch motion.pointee.drawing {
      case .still:
        break
      case .offset:
        (redraws + offsets).initialize(to: OffsetRedraw(motion.pointee, at: position))
        offsets &+= 1
      case .slot:
        // Only the position is read: the motion draws the whole slot.
        slots &+= 1
        (redraws + (capacity &- slots)).initialize(to: OffsetRedraw(motion.pointee, at: position))
      }
    }
    (offsetRedrawCount, slotRedrawCount) = (offsets, slots)
  }

  /// Redraws every placement from the list ``listRedraws()`` made, given the table's factors:
  /// what ``EntryMotion/redraw(_:_:)`` of each motion writes.
  ///
  /// - Precondition: the motions are those the list was made from, and each entry holds the
  ///   slot its motion last drew, or its motion's `base` (the fields a motion that draws the
  ///   offset alone does not write are `base`'s in both).
  /// - Complexity: O(n) for n placements that move.
  @inlinable @inline(__always)
  func redrawListed(_ factors: UnsafePointer<Double>) {
    let (entries, motions, redraws) = (
      entries.unsafelyUnwrapped, motions.unsafelyUnwrapped, redraws.unsafelyUnwrapped
    )
    for r in 0..<offsetRedrawCount {
      let redraw = redraws + r
      assert(
        motions[redraw.pointee.position].drawing == .offset,
        "AnimatedEntries.redrawListed: the list is not that of the motions")
      redraw.pointee.redraw(into: entries, factors)
    }
    for r in (capacity &- slotRedrawCount)..<capacity {
      let position = redraws[r].position
      motions[position].redraw(&(entries + position).pointee.slot, factors)
    }
  }

  /// Moves the entries, motions and (unless `withSources` is `false`: the departing cells have
  /// none) sources at `positions` by `distance` positions, as bytes (they are plain values;
  /// the regions may overlap).
  ///
  /// - Precondition: the positions and their destinations are within the capacity.
  /// - Complexity: O(`positions.count`).
  @inlinable
  func move(_ positions: Range<Int>, by distance: Int, withSources: Bool = true) {
    let (entries, motions, sources) = (
      entries.unsafelyUnwrapped, motions.unsafelyUnwrapped, sources.unsafelyUnwrapped
    )
    let (from, to, count) = (
      positions.lowerBound, positions.lowerBound &+ distance, positions.count
    )
    assert(
      from >= 0 && to >= 0 && positions.upperBound <= capacity && to &+ count <= capacity,
      "AnimatedEntries.move: positions \(positions) moved by \(distance) leave the capacity \(capacity)"
    )
    UnsafeMutableRawPointer(entries + to).copyMemory(
      from: entries + from, byteCount: count &* MemoryLayout<WindowEntry<Cell>>.stride)
    UnsafeMutableRawPointer(motions + to).copyMemory(
      from: motions + from, byteCount: count &* MemoryLayout<EntryMotion>.stride)
    guard withSources else { return }
    UnsafeMutableRawPointer(sources + to).copyMemory(
      from: sources + from, byteCount: count &* MemoryLayout<WindowEntry<Cell>>.stride)
  }

  /// Frees the storage (the copies hold nothing).
  @usableFromInline
  func deallocate() {
    entries?.deallocate()
    motions?.deallocate()
    sources?.deallocate()
    redraws?.deallocate()
    table?.deallocate()
  }
}
