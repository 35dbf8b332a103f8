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
  /// Where a departing cell goes, in content coordinates (its `base` plus `delta` need not give
  /// it to the bit); a window cell's is its `base`, and this is not read.
  @usableFromInline var departingTo: Slot

  /// Where the transition starts, in content coordinates: a window cell's move starts at its
  /// slot displaced by the whole move (worked out when it is read, as it was when the motion was
  /// made: the same bits), a departing cell's where it left.
  @inlinable var from: Slot {
    kind == .move || kind == .appear ? base.displaced(by: delta, times: 1) : base
  }

  /// Where the transition ends, in content coordinates: a window cell's slot, a departing
  /// cell's destination.
  @inlinable var to: Slot { kind == .disappear ? departingTo : base }

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
    departingTo = slot
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
    departingTo = slot
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
    departingTo = to
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
