import Reel

/// Builds one list for a subject, runs a script on it and checks everything after every step.
final class ScriptRunner<Cell: ReusableCell> {
  let list: VirtualList<Cell>
  let clock = ManualClock()
  let subject: ConformanceSubject<Cell>
  let options: ConformanceOptions
  var source: any VirtualListDataSource<Cell>
  let proxy: CheckingDataSource<Cell>
  /// The proxy again, when the subject's data source has sections.
  let sectioned: CheckingSectionedDataSource<Cell>?
  let delegate: (any VirtualListDelegate<Cell>)?
  let adapter: (any ReelFrontendAdapter<Cell>)?
  var model: ReferenceModel?
  var violations: [Violation] = []
  var step = 0
  var operation: ReelOperation?
  var trackerBaseline = 0
  var trackerViolations = 0
  /// The layout as given, unprepared: the `swap` operation puts a fresh copy back.
  let initialLayout: any ListLayout

  /// The diffable data source the kit built, for subjects with ``DiffableHooks``.
  var diffable: DiffableDataSource<Cell, Int>?
  /// New identities for snapshots.
  let identities = IdentitySource()
  /// The identities the kit selected and expects selected, once a script selects.
  var expectedSelection: Set<AnyHashable>?
  /// The most placements seen at once: the list's largest window must count them all.
  var largestPlacements = 0

  init(
    layout: any ListLayout, axis: Axis, wrapping: Wrapping, count: Int, viewport: Size,
    overscan: Int, reference: ReferenceGeometry?, subject: ConformanceSubject<Cell>,
    options: ConformanceOptions
  ) {
    self.subject = subject
    self.options = options
    initialLayout = layout
    trackerBaseline = subject.tracker?.alive ?? 0
    trackerViolations = subject.tracker?.violations.count ?? 0
    list = VirtualList<Cell>(layout: layout, axis: axis, wrapping: wrapping, overscan: overscan)
    subject.register(list)
    if let hooks = subject.diffable {
      let vetting = Vetting<Cell>()
      let made = DiffableDataSource<Cell, Int>(
        list: list,
        cellProvider: { list, index, id in
          vetting.proxy?.vet(list, index) { hooks.cellProvider(list, index, id) }
            ?? hooks.cellProvider(list, index, id)
        }, cellReconfigurer: hooks.cellReconfigurer)
      diffable = made
      source = made
      delegate = subject.makeDelegate?(made)
      sectioned = nil
      proxy = CheckingDataSource(made, delegate: delegate, standIn: subject.standInReuseIdentifier)
      vetting.proxy = proxy
    } else {
      source = subject.makeDataSource(count)
      delegate = subject.makeDelegate?(source)
      if let inner = source as? any SectionedListDataSource<Cell> {
        sectioned = CheckingSectionedDataSource(
          inner, delegate: delegate, standIn: subject.standInReuseIdentifier)
        proxy = sectioned!
      } else {
        sectioned = nil
        proxy = CheckingDataSource(
          source, delegate: delegate, standIn: subject.standInReuseIdentifier)
      }
    }
    model =
      options.checkReference
      ? ReferenceModel(geometry: reference ?? .layoutSlots, count: count) : nil
    adapter = subject.makeAdapter?()
    list.viewportSize = viewport
    list.pinsSectionHeaders = subject.pinsSectionHeaders
    if let diffable, let hooks = subject.diffable {
      list.delegate = proxy
      hooks.apply(diffable, Self.snapshot(identities.make(count)))
      proxy.acceptedCount = diffable.itemIdentifiers.count
      list.layoutIfNeeded()
    } else {
      proxy.acceptingChanges = true
      list.dataSource = proxy
      list.delegate = proxy
      list.layoutIfNeeded()
      proxy.acceptingChanges = false
    }
    adapter?.attach(to: list, clock: clock)
    model?.reload(count: proxy.acceptedCount)
  }

  /// Runs every operation, checking after the setup and after each step.
  func run(_ script: ConformanceScript) -> [Violation] {
    check()
    for (i, op) in script.operations.enumerated() {
      step = i + 1
      operation = op
      perform(op)
      check()
    }
    return violations
  }

  func record(_ kind: Violation.Kind, _ message: String) {
    violations.append(Violation(step: step, operation: operation, kind: kind, message: message))
  }

  var count: Int { proxy.acceptedCount }

  func perform(_ op: ReelOperation) {
    if op.isExtended {
      performExtended(op)
      return
    }
    if op.isListFeature {
      performListFeature(op)
      return
    }
    if op.appliesSnapshots {
      performSnapshot(op)
      return
    }
    if !op.changesData, let adapter, adapter.feed(op) { return }
    if diffable != nil, performDiffable(op) { return }
    if sectioned != nil, performSectioned(op) { return }
    if op.changesSections { return }
    let now = { self.clock.now }
    switch op {
    case .setOffset(let x): list.setContentOffset(x, animated: false)
    case .wheel(let d): list.scroll(byWheel: d, time: now())
    case .drag(let distance, let velocity): drag(distance, velocity)
    case .tick(let ms):
      clock.advance(by: .milliseconds(max(0, ms)))
      list.tick(now())
    case .settle:
      list.settle(clock: clock)
      if list.isMoving { record(.motion, "the list is still moving after 30 s of ticks") }
    case .resize(let w, let h):
      list.viewportSize = Size(width: max(0, w), height: max(0, h))
    case .reload(let n):
      let target = min(max(0, n), options.maximumCount)
      change(.reset(count: target)) { self.list.reloadData() }
      model?.reload(count: count)
    case .insert(let at, let k):
      let k = min(max(1, k), options.maximumCount - count)
      guard k > 0 else { return }
      let position = at.magnitudeModulo(count + 1)
      batch(.insert(at: position, count: k)) { $0.insert(at: position..<(position + k)) }
    case .delete(let at, let k):
      guard count > 0 else { return }
      let position = at.magnitudeModulo(count)
      let k = min(max(1, k), count - position)
      batch(.delete(at: position, count: k)) { $0.delete(at: position..<(position + k)) }
    case .move(let from, let to):
      guard count > 0 else { return }
      let (f, t) = (from.magnitudeModulo(count), to.magnitudeModulo(count))
      batch(.move(from: f, to: t)) { $0.move(from: f, to: t) }
    case .update(let at):
      guard count > 0 else { return }
      let i = at.magnitudeModulo(count)
      batch(.update(at: i)) { $0.reload(at: i) }
    case .measure(let at, let extent):
      guard count > 0, list.layout.supportsMeasuredExtents else { return }
      let i = at.magnitudeModulo(count)
      let e = extent.isFinite ? min(max(0, extent), 400) : 0
      // A list that follows its end keeps the end, not the first visible item.
      let before =
        options.extendedChecks && !list.isFollowingEnd && list.anchoring == .start
        ? anchorProbe() : nil
      list.setMeasuredExtent(e, forItemAt: i)
      model?.measure(at: i, extent: e)
      if let before {
        list.layoutIfNeeded()
        checkAnchor(before, after: "measure(\(i), \(e))")
      }
    case .measureBatch(let at, let k, let seed): measureBatch(at, k, seed)
    case .tap(let x, let y): tap(x, y)
    case .key(let key): list.handle(key)
    case .scrollTo(let index, let animated):
      guard count > 0 else { return }
      list.scrollToItem(at: index.magnitudeModulo(count), alignment: .resting, animated: animated)
    case .callbackOffset, .callbackResize, .swap, .remeasure, .flingChange:
      performExtended(op)
    case .insertSection, .deleteSection, .moveSection, .reloadSection, .snapshot,
      .animatedSnapshot, .append, .growLast, .prepend, .scrollUp, .backToEnd, .saveRestore,
      .select, .deselect:
      break
    }
  }

  func drag(_ distance: Double, _ velocity: Double) {
    let size = list.viewportSize
    let start = Point(x: size.width / 2, y: size.height / 2)
    list.beginDrag(at: start, time: clock.now)
    for k in 1...4 {
      clock.advance(by: .milliseconds(16))
      let moved = -distance * Double(k) / 4
      let point =
        list.axis == .horizontal
        ? Point(x: start.x + moved, y: start.y) : Point(x: start.x, y: start.y + moved)
      list.drag(to: point, time: clock.now)
      list.tick(clock.now)
    }
    list.endDrag(at: clock.now, velocity: velocity == 0 ? nil : velocity)
  }

  /// Applies a data change to the subject's model and tells the list, accepting the new count.
  func change(_ change: DataChange, tell: () throws(ReelError) -> Void) {
    proxy.acceptingChanges = true
    defer { proxy.acceptingChanges = false }
    if let mutate = subject.mutate {
      mutate(source, change)
    } else if case .reset = change {
      // Unchanged data: a plain reload.
    } else {
      return
    }
    do {
      try tell()
    } catch {
      record(.dataSource, "performBatchUpdates(_:) threw for \(change): \(error)")
    }
    list.layoutIfNeeded()
  }

  func batch(_ dataChange: DataChange, _ build: (inout BatchUpdate) -> Void) {
    guard subject.mutate != nil else { return }
    change(dataChange) { () throws(ReelError) in try list.performBatchUpdates(build) }
    switch dataChange {
    case .insert(let at, let k): model?.insert(at: at, count: k)
    case .delete(let at, let k): model?.delete(at: at, count: k)
    case .move(let f, let t): model?.move(from: f, to: t)
    case .reset, .update: break
    }
  }

  func tap(_ fx: Double, _ fy: Double) {
    let size = list.viewportSize
    let fx = fx.isFinite ? min(max(fx, 0), 0.999) : 0
    let fy = fy.isFinite ? min(max(fy, 0), 0.999) : 0
    let point = Point(x: fx * size.width, y: fy * size.height)
    let before = proxy.selections.count
    let selected = list.selectItem(at: point)
    // In multiple selection a tap on a selected item deselects it: no didSelect then.
    let told = selected.map { list.selectionMode == .none || list.isItemSelected(at: $0) } ?? false
    if let selected, told, proxy.selections.count != before + 1 || proxy.selections.last != selected
    {
      record(.delegate, "selectItem(at:) returned \(selected) but the delegate was not told")
    }
    if let selected { noteTapSelection(selected) }
    checkTap(point, selected: selected)
  }
}

/// Lets the diffable data source's cell provider reach the checking proxy made after it.
final class Vetting<Cell: ReusableCell> {
  weak var proxy: CheckingDataSource<Cell>?
}

extension Int {
  /// `self mod n` in `0..<n`, for any sign.
  func magnitudeModulo(_ n: Int) -> Int {
    let r = self % n
    return r < 0 ? r + n : r
  }
}
