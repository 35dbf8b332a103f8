extension VirtualList {
  /// Checks the list's invariants and returns every violation found (empty when all hold).
  ///
  /// Checked: every virtual index of the window has one cell and no cell is displayed twice or
  /// both displayed and pooled; data indices are in bounds (bounded) or equal `v mod n`
  /// (cyclic); cached frames match the layout and advance along the main axis without
  /// overlapping; the window covers the visible range; the offset is finite (and inside one
  /// period in cyclic lists); cells alive stay within the largest window plus the pools' caps
  /// and are all either displayed (departing cells of an animated update included) or pooled,
  /// and no departing cell is also displayed or pooled. `ReelTesting` runs this after every step of its scripts.
  ///
  /// - Complexity: O(w + p) for w displayed and p pooled cells.
  public func invariantViolations() -> [String] {
    invariantViolations(layingOut: true)
  }

  /// The invariant check: after a pass and including the layout's contract when `layingOut`
  /// (the public check), or of the list's own state as it stands (the debug check at the end of
  /// a pass).
  @usableFromInline
  func invariantViolations(layingOut: Bool) -> [String] {
    var problems: [String] = []
    if layingOut { layoutIfNeeded() }
    let layout = currentLayout
    if !state.offset.isFinite { problems.append("content offset is not finite: \(state.offset)") }
    // The scrolling path's copy of a uniform layout is the layout, field for field.
    let uniform = layout as? UniformLayout
    if state.layoutIsUniform != (uniform != nil)
      || !Self.sameUniformLayout(state.uniformLayout, uniform)
    {
      problems.append("the kept copy of the uniform layout differs from the layout")
    }
    if state.layoutIsVariable != (layout is VariableLayout) {
      problems.append("layoutIsVariable does not tell whether the layout is a VariableLayout")
    }
    if state.layoutIsVariable && state.variableContentExtent != layout.contentExtent {
      problems.append(
        "the kept content extent \(state.variableContentExtent) differs from the layout's "
          + "\(layout.contentExtent)")
    }
    if let variable = layout as? VariableLayout,
      state.variableInset != variable.insets.start || state.variableSpacing != variable.spacing
        || state.variableFiguresAreSixtyFourths
          != (ExtentStore.isSixtyFourths(variable.insets.start)
            && ExtentStore.isSixtyFourths(variable.spacing))
    {
      problems.append(
        "the kept inset and spacing \(state.variableInset), \(state.variableSpacing) differ from "
          + "the layout's \(variable.insets.start), \(variable.spacing)")
    }
    var seen = Set<ObjectIdentifier>()
    for (i, entry) in state.window.entries.enumerated() {
      let v = state.window.start + i
      if !seen.insert(ObjectIdentifier(entry.cell)).inserted {
        problems.append("cell at virtual index \(v) is displayed more than once")
      }
      if wrapping == .bounded {
        if v < 0 || v >= state.count {
          problems.append("virtual index \(v) is outside 0..<\(state.count)")
        }
        if entry.index != v {
          problems.append("virtual index \(v) shows data index \(entry.index)")
        }
      } else if state.count > 0 && entry.index != CyclicMath.dataIndex(v, count: state.count) {
        problems.append(
          "virtual index \(v) shows data index \(entry.index), expected v mod \(state.count)")
      }
      let expected = layout.slot(at: v)
      if abs(expected.offset - entry.slot.offset) > 1e-6
        || abs(expected.extent - entry.slot.extent) > 1e-6
      {
        problems.append(
          "cached slot of virtual index \(v) is \(entry.slot), the layout says \(expected)")
      }
      // The layout's own contract (slots advance without overlapping) is checked on demand
      // only: a user's layout that breaks it is for the conformance kit to report.
      if i > 0 && layingOut {
        let previous = state.window.entries[i - 1].slot
        if entry.slot.offset < previous.offset - 1e-6 {
          problems.append("virtual index \(v) starts before virtual index \(v - 1)")
        }
        let crossOverlap =
          entry.slot.crossOffset < previous.crossOffset + previous.crossExtent - 1e-6
          && previous.crossOffset < entry.slot.crossOffset + entry.slot.crossExtent - 1e-6
        if crossOverlap && entry.slot.offset < previous.end - 1e-6 && entry.slot.extent > 0
          && previous.extent > 0
        {
          problems.append("virtual indices \(v - 1) and \(v) overlap")
        }
      }
    }
    var displayed = state.window.entries.count
    if state.pinned.mode == .outside, let entry = state.pinned.entry {
      displayed += 1
      if !seen.insert(ObjectIdentifier(entry.cell)).inserted {
        problems.append("the pinned header's cell is also displayed in the window")
      }
      let v = state.pinned.virtualIndex
      if state.window.range.contains(v) {
        problems.append("the pinned header has a cell of its own although its row is displayed")
      }
      if state.count > 0 && entry.index != CyclicMath.dataIndex(v, count: state.count) {
        problems.append("the pinned header at virtual index \(v) shows row \(entry.index)")
      }
      if entry.kind != .header { problems.append("the pinned row \(entry.index) is not a header") }
    } else if state.pinned.entry != nil {
      problems.append("a pinned header cell is kept while none is shown outside the window")
    }
    for departing in state.departing {
      displayed += 1
      if !seen.insert(ObjectIdentifier(departing.entry.cell)).inserted {
        problems.append("a departing cell is also displayed")
      }
      if !state.animator.animation.isAnimated {
        problems.append("a cell is departing while updates do not animate")
      }
    }
    for prepared in state.prepared {
      displayed += 1
      if !seen.insert(ObjectIdentifier(prepared.entry.cell)).inserted {
        problems.append("a prepared cell is also displayed or prepared twice")
      }
    }
    for key in state.pools.identifiers.indices {
      for cell in state.pools.pooledCells(ReusePools<Cell>.Key(index: key)) {
        if seen.contains(ObjectIdentifier(cell)) {
          problems.append("a cell is both displayed and pooled (\(state.pools.identifiers[key]))")
        }
      }
    }
    for key in state.identities.keys where !seen.contains(key) {
      problems.append("an identity is kept for a cell that is not displayed")
      break
    }
    let target = targetRange()
    if !state.window.entries.isEmpty || !target.isEmpty {
      let shown = state.window.range
      if shown != target {
        problems.append("window \(shown) does not match the visible range \(target)")
      }
    }
    if wrapping == .cyclic {
      let period = layout.period
      if period.items > 0 && period.extent > 0
        && (state.offset < 0 || state.offset >= period.extent)
      {
        problems.append("cyclic offset \(state.offset) is outside one period 0..<\(period.extent)")
      }
    }
    let alive = state.pools.createdCount - state.pools.releasedCount
    if alive > state.window.largestCount + state.pools.totalCapacity + state.prepared.count {
      problems.append(
        "\(alive) cells are alive, more than the largest window \(state.window.largestCount) plus the pools' "
          + "caps \(state.pools.totalCapacity)")
    }
    if alive != displayed + state.pools.pooledCount {
      problems.append(
        "\(alive) cells were created and not released, but \(displayed) are displayed and "
          + "\(state.pools.pooledCount) pooled: a cell was lost or duplicated")
    }
    return problems
  }

  /// Whether two optional uniform layouts are the same, field for field.
  static func sameUniformLayout(_ a: UniformLayout?, _ b: UniformLayout?) -> Bool {
    guard let a, let b else { return (a == nil) == (b == nil) }
    return a.extent == b.extent && a.spacing == b.spacing && a.lanes == b.lanes
      && a.laneSpacing == b.laneSpacing && a.insets == b.insets && a.count == b.count
      && a.wrapping == b.wrapping && a.laneExtent == b.laneExtent
  }
}
