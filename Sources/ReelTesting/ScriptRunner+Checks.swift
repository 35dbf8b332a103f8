import Reel

extension ScriptRunner {
  /// Runs every check on the list's current state.
  func check() {
    for problem in list.invariantViolations() { record(.invariant, problem) }
    let placements = list.placements
    proxy.reportDisplayedCellsReturned(
      departing: Set(placements.lazy.filter(\.isDeparting).map { ObjectIdentifier($0.cell) }))
    adapter?.render()
    for (kind, message) in proxy.violations { record(kind, message) }
    proxy.violations.removeAll()
    checkLifetimes()
    checkCellAccounting(placements)
    checkPlacements(placements)
    checkSections(placements)
    checkReference(placements)
    checkRest()
    checkSelection()
    if let adapter { checkAdapter(adapter, placements) }
  }

  /// No cell lost or duplicated, and the bound on cells ever created: every cell the list made
  /// and kept is displayed or pooled, no cell is placed twice, and the largest window the list
  /// records (which bounds the cells alive, with the pools' caps) counts every cell placed at
  /// once, departing ones included.
  func checkCellAccounting(_ placements: Placements<Cell>) {
    var seen = Set<ObjectIdentifier>()
    for p in placements where !seen.insert(ObjectIdentifier(p.cell)).inserted {
      record(.lifetime, "the cell of item \(p.index) is placed twice")
    }
    let kept = list.cellsCreated - list.cellsReleased
    let accounted = list.cellsDisplayed + list.cellsPooled
    if kept != accounted {
      record(
        .lifetime,
        "the list made \(list.cellsCreated) cells and released \(list.cellsReleased), but "
          + "displays \(list.cellsDisplayed) and pools \(list.cellsPooled): "
          + "\(kept - accounted) cells lost")
    }
    largestPlacements = max(largestPlacements, placements.count)
    if list.largestWindowCount < largestPlacements {
      record(
        .lifetime,
        "\(largestPlacements) cells were placed at once but the list's largest window is "
          + "\(list.largestWindowCount): the bound on cells ever created must count every "
          + "displayed cell, departing ones included")
    }
    if kept > list.largestWindowCount + list.poolCapacity {
      record(
        .lifetime,
        "\(kept) cells are alive, more than the largest window (\(list.largestWindowCount)) "
          + "plus the pools' caps (\(list.poolCapacity))")
    }
  }

  func checkLifetimes() {
    guard let tracker = subject.tracker else { return }
    let recorded = tracker.violations
    for message in recorded.dropFirst(trackerViolations) { record(.lifetime, message) }
    trackerViolations = recorded.count
    let alive = tracker.alive - trackerBaseline
    let held = list.cellsCreated - list.cellsReleased
    if alive > held {
      record(
        .lifetime,
        "\(alive) cells are alive but the list holds \(held) (displayed or pooled): "
          + "\(alive - held) leaked")
    }
  }

  func checkPlacements(_ placements: Placements<Cell>) {
    let n = list.numberOfItems
    for p in placements {
      let f = p.frame
      // A departing cell keeps the index its item had; it is checked by the animation checks.
      if p.isDeparting { continue }
      if !(f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite) {
        record(.invariant, "placement of virtual index \(p.virtualIndex) has frame \(f)")
      }
      if p.index < 0 || p.index >= n {
        record(.invariant, "placement shows data index \(p.index), outside 0..<\(n)")
        continue
      }
      // Survivors of a batch update keep their cell under a new index without a new
      // willDisplay (as in UIKit), so only the pairing is checked, not the announced index.
      guard proxy.displayed[ObjectIdentifier(p.cell)] != nil else {
        record(.delegate, "item \(p.index) is placed but never got willDisplay")
        continue
      }
      if let identityOf = subject.identityOfCell,
        p.index < max(0, source.numberOfItems(in: list))
      {
        let expected = source.virtualList(list, identifierForItemAt: p.index)
        let actual = identityOf(p.cell)
        if expected != nil && actual != expected {
          record(
            .reference,
            "item \(p.index) (identity \(expected!)) is drawn with a cell configured for "
              + "\(actual.map { "\($0)" } ?? "nothing"): a stale cell")
        }
      }
    }
    if proxy.displayed.count != placements.count {
      record(
        .delegate,
        "\(proxy.displayed.count) cells are displayed according to willDisplay/didEndDisplaying, "
          + "but \(placements.count) are placed")
    }
  }

  var epsilon: Double { 1e-6 * max(1, abs(list.contentOffset) + list.viewportExtent) }

  func checkReference(_ placements: Placements<Cell>) {
    guard let model else { return }
    let axis = list.axis
    let offset = list.contentOffset
    guard
      let expected = model.visible(
        offset: offset, count: count, viewport: list.viewportSize, axis: axis,
        wrapping: list.wrapping, layout: list.layout, epsilon: epsilon)
    else { return }
    var byVirtual: [Int: Placement<Cell>] = [:]
    // A pinned header is drawn away from its slot; the pin rule checks it (checkPinRule).
    let pinned = placements.last.flatMap { $0.isPinned ? $0.virtualIndex : nil }
    for p in placements where !p.isPinned && !p.isDeparting { byVirtual[p.virtualIndex] = p }
    let tolerance = epsilon * 10
    for item in expected.sure where item.virtualIndex != pinned {
      guard let p = byVirtual[item.virtualIndex] else {
        record(
          .reference,
          "virtual index \(item.virtualIndex) (item \(item.index), at \(item.offset) + "
            + "\(item.extent)) should be on screen at offset \(offset) but is not placed")
        continue
      }
      let start = axis == .horizontal ? p.frame.minX : p.frame.minY
      let extent = axis == .horizontal ? p.frame.width : p.frame.height
      // A cell travelling in an animated update is drawn away from its slot until it lands.
      let travelling = p.transition != nil
      if p.index != item.index
        || (!travelling && abs(start + offset - item.offset) > tolerance)
        || (!travelling && abs(extent - item.extent) > tolerance)
      {
        record(
          .reference,
          "virtual index \(item.virtualIndex) shows item \(p.index) at \(start + offset) + "
            + "\(extent); the reference says item \(item.index) at \(item.offset) + \(item.extent)"
        )
      }
    }
    let viewportExtent = list.viewportExtent
    for p in placements
    where !p.isPinned && p.transition == nil && !expected.possible.contains(p.virtualIndex) {
      let start = axis == .horizontal ? p.frame.minX : p.frame.minY
      let extent = axis == .horizontal ? p.frame.width : p.frame.height
      let overlap = min(start + extent, viewportExtent) - max(start, 0)
      if extent > 0 && overlap > tolerance {
        record(
          .reference,
          "virtual index \(p.virtualIndex) (item \(p.index)) is placed on screen at \(start) but "
            + "the reference has it off screen")
      }
    }
  }

  func checkRest() {
    guard list.scrollPhase == .idle, list.wrapping == .bounded else { return }
    let extent =
      model?.contentExtent(count: count, viewport: list.viewportSize, axis: list.axis)
      ?? list.contentExtent
    let maximum = max(0, extent - list.viewportExtent)
    let offset = list.contentOffset
    if offset < -epsilon || offset > maximum + epsilon * 10 {
      record(
        .motion, "at rest the offset \(offset) is outside the scrollable range 0...\(maximum)")
    }
  }

  func checkTap(_ point: Point, selected: Int?) {
    guard let model, case .layoutSlots = model.geometry else {
      checkTapIndependent(point, selected: selected)
      return
    }
    if let selected, !list.placements.contains(where: { $0.index == selected }) {
      record(.reference, "a tap selected item \(selected), which is not placed")
    }
  }

  func checkTapIndependent(_ point: Point, selected: Int?) {
    let size = list.viewportSize
    guard let model, size.width > 0, size.height > 0 else { return }
    let main = list.axis.main(of: point) + list.contentOffset
    guard
      let expected = model.visible(
        offset: list.contentOffset, count: count, viewport: list.viewportSize, axis: list.axis,
        wrapping: list.wrapping, layout: list.layout, epsilon: epsilon)
    else { return }
    let hits = expected.sure.filter {
      main > $0.offset + epsilon * 10 && main < $0.end - epsilon * 10
    }
    guard let hit = hits.first else { return }
    if selected != hit.index {
      record(
        .reference,
        "a tap at \(point) selected \(selected.map(String.init) ?? "nothing"); the reference "
          + "says item \(hit.index)")
    }
  }

  func checkAdapter(_ adapter: any ReelFrontendAdapter<Cell>, _ placements: Placements<Cell>) {
    let size = list.viewportSize
    let viewport = Rect(x: 0, y: 0, width: size.width, height: size.height)
    var drawn = adapter.drawnItems
    for p in placements where p.frame.intersects(viewport) {
      let match = drawn.firstIndex {
        $0.index == p.index && abs($0.frame.minX - p.frame.minX) <= options.frameTolerance
          && abs($0.frame.minY - p.frame.minY) <= options.frameTolerance
          && abs($0.frame.width - p.frame.width) <= options.frameTolerance
          && abs($0.frame.height - p.frame.height) <= options.frameTolerance
      }
      guard let match else {
        record(.adapter, "item \(p.index) is placed at \(p.frame) but was not drawn there")
        continue
      }
      drawn.remove(at: match)
    }
    for item in drawn where item.frame.intersects(viewport) {
      record(.adapter, "item \(item.index) was drawn at \(item.frame) but is not placed there")
    }
  }
}
