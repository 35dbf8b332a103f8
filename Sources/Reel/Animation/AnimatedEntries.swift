/// How one placement of an animated snapshot is drawn: what its transition is, where it is
/// drawn as a function of a progress, and its opacity. It is worked out when the placement's
/// cell first shows its item at this generation of the animator's tracks, and kept from frame to
/// frame after that: a frame only looks up the progress of each start instant once, in the
/// snapshot's ``ProgressTable``, and moves the drawn slot of the cells that move.
///
/// Each quantity that changes with time is an affine function of one entry of the table, so a
/// frame and a read are multiply-adds with no branch on the kind of transition:
/// - the drawn slot is `base + delta × factors[factorSlot]`, a factor the table keeps for each
///   of its entries in two forms, `1 + (−1) × progress` (what remains of a move to the slot)
///   and `0 + 1 × progress` (how far a departing cell has gone);
/// - the opacity is `opacityBias + opacityScale × progress[fadeSlot]`;
/// - the transition's progress is `progress[progressSlot]`.
///
/// The coefficients are 0, 1 and −1, so the values are bit for bit those of the formulas they
/// stand for (`1 − p` is `1 + (−1) × p`, `p` is `0 + 1 × p`).
@usableFromInline
struct EntryMotion {
  /// What the placement's transition is: none when it is at rest.
  @usableFromInline
  enum Kind: UInt8 {
    case rest, move, appear, disappear

    /// The kind of the placement's transition; `nil` at rest.
    @inlinable var transitionKind: PlacementTransition.Kind? {
      switch self {
      case .rest: nil
      case .move: .move
      case .appear: .appear
      case .disappear: .disappear
      }
    }
  }

  /// Which fields of the drawn slot change with the progress.
  @usableFromInline
  enum Drawing: UInt8 {
    /// None: the placement is drawn at `base`.
    case still
    /// The offset only: every other field of `delta` is zero and adding it leaves `base`'s
    /// field bit for bit as it is, so a frame writes the offset alone.
    case offset
    /// Any field.
    case slot
  }

  // What a frame reads first, together: the slot the drawn slot is worked out from (for a
  // window cell, the entry's slot the motion was worked out for: a frame keeps the motion only
  // while the entry's slot is still that one) and how it moves.
  @usableFromInline var base: Slot
  @usableFromInline var delta: Slot
  @usableFromInline var factorSlot: Int
  @usableFromInline var drawing: Drawing
  @usableFromInline var kind: Kind
  /// The placement's virtual index: a departing cell's is the one it had when it left.
  @usableFromInline var virtualIndex: Int
  @usableFromInline var opacityBias: Double
  @usableFromInline var opacityScale: Double
  @usableFromInline var fadeSlot: Int
  @usableFromInline var progressSlot: Int
  /// The transition's two ends, in content coordinates.
  @usableFromInline var from: Slot
  @usableFromInline var to: Slot

  /// A window cell at rest at `slot`.
  @inlinable
  init(restingAt slot: Slot, virtualIndex: Int) {
    kind = .rest
    self.virtualIndex = virtualIndex
    base = slot
    delta = Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0)
    factorSlot = ProgressTable.factorSlot(of: ProgressTable.zero, remaining: false)
    drawing = .still
    (opacityBias, opacityScale, fadeSlot) = (1, 0, ProgressTable.zero)
    progressSlot = ProgressTable.zero
    from = slot
    to = slot
  }

  /// A window cell travelling to `slot` from `slot + displacement`, its move's progress at
  /// `moveSlot`; fading in with the progress at `fadeSlot` when `fades`.
  @inlinable
  init(
    movingTo slot: Slot, displacement: Slot, moveSlot: Int, fades: Bool, fadeSlot: Int,
    virtualIndex: Int
  ) {
    kind = fades ? .appear : .move
    self.virtualIndex = virtualIndex
    base = slot
    delta = displacement
    factorSlot = ProgressTable.factorSlot(of: moveSlot, remaining: true)
    drawing = Self.drawing(of: displacement, from: slot)
    if fades {
      (opacityBias, opacityScale, self.fadeSlot) = (0, 1, fadeSlot)
    } else {
      (opacityBias, opacityScale, self.fadeSlot) = (1, 0, ProgressTable.zero)
    }
    progressSlot = fades ? fadeSlot : moveSlot
    from = slot.displaced(by: displacement, times: 1)
    to = slot
  }

  /// A departing cell going from `from` to `to`, fading out when `fades`, its progress at
  /// `progressSlot`.
  @inlinable
  init(departingFrom from: Slot, to: Slot, fades: Bool, progressSlot: Int, virtualIndex: Int) {
    kind = .disappear
    self.virtualIndex = virtualIndex
    base = from
    delta = to.difference(from)
    factorSlot = ProgressTable.factorSlot(of: progressSlot, remaining: false)
    drawing = Self.drawing(of: delta, from: from)
    if fades {
      (opacityBias, opacityScale, fadeSlot) = (1, -1, progressSlot)
    } else {
      (opacityBias, opacityScale, fadeSlot) = (1, 0, ProgressTable.zero)
    }
    self.progressSlot = progressSlot
    self.from = from
    self.to = to
  }

  /// How a moving placement's drawn slot changes: ``Drawing/offset`` when adding `delta` times
  /// any factor in `0...1` changes no field of `base` but the offset, bit for bit. A zero of
  /// either sign times such a factor is a zero, and adding a zero changes no value but `-0`
  /// (`-0 + +0` is `+0`), so the other fields' deltas must be zero and `base`'s not `-0`.
  @inlinable
  static func drawing(of delta: Slot, from base: Slot) -> Drawing {
    let negativeZero = (-0.0).bitPattern
    let keepsRest =
      delta.extent == 0 && delta.crossOffset == 0 && delta.crossExtent == 0
      && base.extent.bitPattern != negativeZero && base.crossOffset.bitPattern != negativeZero
      && base.crossExtent.bitPattern != negativeZero
    return keepsRest ? .offset : .slot
  }

  /// The slot to draw at, given the table's factors.
  @inlinable
  func drawn(_ factors: UnsafePointer<Double>) -> Slot {
    base.displaced(by: delta, times: factors[factorSlot])
  }

  /// Writes the slot to draw at into `slot`, which holds the slot this motion last drew (or
  /// `drawn(_:)` of any factors): only the fields that change, which are all of them when
  /// `drawing` is ``Drawing/slot`` and the offset alone when it is ``Drawing/offset``.
  @inlinable @inline(__always)
  func redraw(_ slot: inout Slot, _ factors: UnsafePointer<Double>) {
    // The common case first, with one test.
    if drawing == .offset {
      assert(
        slot.extent.bitPattern == base.extent.bitPattern
          && slot.crossOffset.bitPattern == base.crossOffset.bitPattern
          && slot.crossExtent.bitPattern == base.crossExtent.bitPattern,
        "EntryMotion.redraw: the slot was not drawn by this motion")
      slot.offset = base.offset + delta.offset * factors[factorSlot]
    } else if drawing == .slot {
      slot = drawn(factors)
    }
  }

  /// The opacity, given the table's values.
  @inlinable
  func opacity(_ progress: UnsafePointer<Double>) -> Double {
    opacityBias + opacityScale * progress[fadeSlot]
  }
}

/// The progress, at the last tick, of each start instant that the motions of an animated
/// snapshot refer to. Entry 0 is always 0 (not started, or nothing to fade) and entry 1 always 1
/// (settled); the others are start instants, their values refreshed at every frame.
///
/// An entry keeps its start for as long as the motions that refer to it are kept: until the
/// animator's tracks change (``UpdateAnimator/generation``), when every motion is worked out
/// again and the table starts over.
@usableFromInline
struct ProgressTable {
  /// The entry whose value is always 0.
  @inlinable static var zero: Int { 0 }
  /// The entry whose value is always 1.
  @inlinable static var one: Int { 1 }
  /// How many entries there are room for; a snapshot whose motions need more is resolved.
  @inlinable static var capacity: Int { 16 }

  /// The values, `capacity` of them; the first `count` are in use.
  @usableFromInline let values: UnsafeMutablePointer<Double>
  /// Each value's two factors (see ``factorSlot(of:remaining:)``), `2 × capacity` of them.
  @usableFromInline let factors: UnsafeMutablePointer<Double>
  /// The start instant (in nanoseconds) of each entry from 2 on.
  @usableFromInline let starts: UnsafeMutablePointer<Int64>
  @usableFromInline var count = 2

  @usableFromInline
  init() {
    values = .allocate(capacity: Self.capacity)
    values.initialize(repeating: 0, count: Self.capacity)
    factors = .allocate(capacity: 2 &* Self.capacity)
    factors.initialize(repeating: 0, count: 2 &* Self.capacity)
    starts = .allocate(capacity: Self.capacity)
    starts.initialize(repeating: 0, count: Self.capacity)
    // Each entry's factors from its value, as every later change gives them.
    for entry in 0..<Self.capacity { set(entry == Self.one ? 1 : 0, at: entry) }
  }

  /// Frees the storage.
  @usableFromInline
  func deallocate() {
    values.deallocate()
    factors.deallocate()
    starts.deallocate()
  }

  /// Where the factors of `entry`'s value are: `1 + (−1) × value` (what remains) or
  /// `0 + 1 × value`.
  @inlinable
  static func factorSlot(of entry: Int, remaining: Bool) -> Int {
    2 &* entry &+ (remaining ? 0 : 1)
  }

  /// Sets `entry`'s value and its factors.
  @inlinable @inline(__always)
  func set(_ value: Double, at entry: Int) {
    values[entry] = value
    factors[Self.factorSlot(of: entry, remaining: true)] = 1 + -1 * value
    factors[Self.factorSlot(of: entry, remaining: false)] = 0 + 1 * value
  }

  /// Forgets every start instant.
  @inlinable
  mutating func removeAll() { count = 2 }

  /// The entry of the progress since `start` (`nil`: not started, entry 0; ended: entry 1),
  /// added with the progress at the curve's instant when it is new; `nil` when the table is full.
  ///
  /// - Complexity: O(k) for k entries in use (at most ``capacity``).
  @inlinable
  mutating func entry(
    since start: ReelInstant?, ticked: Bool, curve: inout MemoizedCurve
  ) -> Int? {
    guard let start, ticked else { return Self.zero }
    let key = start.nanoseconds
    var entry = 2
    while entry < count {
      if starts[entry] == key { return entry }
      entry &+= 1
    }
    let value = curve.progress(since: start)
    // Progress never decreases while time goes forward, and the table starts over when it goes
    // back: an animation that has ended needs no entry of its own.
    if value >= 1 { return Self.one }
    guard count < Self.capacity else { return nil }
    starts[count] = key
    set(value, at: count)
    count &+= 1
    return count &- 1
  }

  /// Refreshes every start instant's progress at the curve's instant (0 before the first tick).
  ///
  /// - Complexity: O(k) for k entries; the curve is evaluated once per start not in its memo.
  @inlinable
  func refresh(ticked: Bool, curve: inout MemoizedCurve) {
    var entry = 2
    while entry < count {
      set(ticked ? curve.progress(since: ReelInstant(nanoseconds: starts[entry])) : 0, at: entry)
      entry &+= 1
    }
  }
}

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
  ///   slot its motion last drew.
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
