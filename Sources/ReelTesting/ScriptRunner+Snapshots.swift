import Reel

/// Diffable subjects: every data change becomes a snapshot applied through
/// `DiffableDataSource.apply(_:)`, and random snapshots check the identities shown, the anchor
/// item, the cells of reconfigured items and, animated, the frames at a retarget and at rest.
extension ScriptRunner {
  /// A one-section snapshot of identifiers, with reconfigured items marked.
  static func snapshot(_ items: [Int], reconfigured: [Int] = []) -> ListSnapshot<Int, Int> {
    var snapshot = ListSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    if !reconfigured.isEmpty { snapshot.reconfigureItems(reconfigured) }
    return snapshot
  }

  /// Runs a data operation of a diffable subject as a snapshot; `false` when the operation does
  /// not change data.
  func performDiffable(_ op: ReelOperation) -> Bool {
    guard let diffable else { return false }
    var items = diffable.itemIdentifiers
    var reconfigured: [Int] = []
    switch op {
    case .reload(let n): items = identities.make(min(max(0, n), options.maximumCount))
    case .insert(let at, let k):
      let k = min(max(1, k), options.maximumCount - items.count)
      guard k > 0 else { return true }
      items.insert(contentsOf: identities.make(k), at: at.magnitudeModulo(items.count + 1))
    case .delete(let at, let k):
      guard !items.isEmpty else { return true }
      let position = at.magnitudeModulo(items.count)
      items.removeSubrange(position..<min(items.count, position + max(1, k)))
    case .move(let from, let to):
      guard !items.isEmpty else { return true }
      let target = to.magnitudeModulo(items.count)
      items.insert(items.remove(at: from.magnitudeModulo(items.count)), at: target)
    case .update(let at):
      guard !items.isEmpty else { return true }
      reconfigured = [items[at.magnitudeModulo(items.count)]]
    default: return false
    }
    applySnapshot(items, reconfigured: reconfigured)
    return true
  }

  func performSnapshot(_ op: ReelOperation) {
    guard diffable != nil else { return }
    switch op {
    case .snapshot(let seed, let changes):
      let (items, reconfigured) = randomSnapshot(seed, changes)
      applySnapshot(items, reconfigured: reconfigured)
    case .animatedSnapshot(let seed, let changes, let midway):
      animatedSnapshot(seed, changes, midway)
    default: break
    }
  }

  /// The current identifiers with about `changes` random inserts, deletes, moves and
  /// reconfigures, derived from `seed`.
  func randomSnapshot(_ seed: Int, _ changes: Int) -> (items: [Int], reconfigured: [Int]) {
    var rng = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
    var items = diffable?.itemIdentifiers ?? []
    var reconfigured = Set<Int>()
    for _ in 0..<min(max(0, changes), 64) {
      switch rng.int(in: 0...3) {
      case 0:
        let k = min(rng.int(in: 1...4), options.maximumCount - items.count)
        guard k > 0 else { continue }
        items.insert(contentsOf: identities.make(k), at: rng.int(in: 0...items.count))
      case 1:
        guard !items.isEmpty else { continue }
        reconfigured.remove(items.remove(at: rng.int(in: 0...(items.count - 1))))
      case 2:
        guard items.count > 1 else { continue }
        let item = items.remove(at: rng.int(in: 0...(items.count - 1)))
        items.insert(item, at: rng.int(in: 0...items.count))
      default:
        guard !items.isEmpty else { continue }
        reconfigured.insert(items[rng.int(in: 0...(items.count - 1))])
      }
    }
    return (items, reconfigured.sorted())
  }

  /// Applies a snapshot through the subject's hook and checks what the list shows.
  func applySnapshot(_ items: [Int], reconfigured: [Int]) {
    guard let diffable, let hooks = subject.diffable else { return }
    let old = diffable.itemIdentifiers
    // The anchor is an item the update keeps in place: in the new items and not moved.
    let moved = Set(((try? BatchUpdate(from: old, to: items))?.moves ?? []).map { old[$0.from] })
    let kept = Set(items).subtracting(moved)
    let anchor = identityAnchor(surviving: kept.contains)
    let cells = hooks.cellReconfigurer == nil ? [:] : displayedCells(of: Set(reconfigured))
    let following = list.isFollowingEnd
    hooks.apply(diffable, Self.snapshot(items, reconfigured: reconfigured))
    list.layoutIfNeeded()
    proxy.acceptedCount = diffable.itemIdentifiers.count
    model?.remap(old: old, new: diffable.itemIdentifiers)
    let shown = diffable.itemIdentifiers
    if shown != items {
      let i =
        zip(shown, items).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(shown.count, items.count)
      record(
        .snapshot,
        "after apply(_:) the data source has \(shown.count) items, the snapshot \(items.count); "
          + "they differ first at index \(i)")
      return
    }
    if let anchor, !following { checkIdentityAnchor(anchor, in: items, after: "a snapshot") }
    checkReconfigured(cells)
  }

  /// The displayed (not departing) cells of some items, by identifier.
  func displayedCells(of items: Set<Int>) -> [Int: [ObjectIdentifier]] {
    guard !items.isEmpty, let diffable else { return [:] }
    var cells: [Int: [ObjectIdentifier]] = [:]
    for p in list.placements where !p.isDeparting && !p.isPinned {
      let id = diffable.itemIdentifiers[p.index]
      if items.contains(id) { cells[id, default: []].append(ObjectIdentifier(p.cell)) }
    }
    return cells
  }

  /// Reconfigured items shown once before and after keep their cell (bounded lists: in a cyclic
  /// one the copy of an item on screen may change).
  func checkReconfigured(_ before: [Int: [ObjectIdentifier]]) {
    guard list.wrapping == .bounded else { return }
    let after = displayedCells(of: Set(before.keys))
    for (id, cells) in before where cells.count == 1 {
      guard let now = after[id], now.count == 1, now[0] != cells[0] else { continue }
      record(
        .snapshot,
        "item \(id) was reconfigured but its displayed cell was replaced: a reconfigured item "
          + "keeps its cell (reconfigureItems), only reloaded items get fresh ones")
    }
  }

  // MARK: The anchor item, by identity

  /// The item an update must keep in place, by identity: the resting item when snapping, else
  /// the first item reaching into the viewport that the update keeps in place (`survives`: not
  /// deleted, not moved), with its start relative to the viewport (from its slot, so that
  /// animating frames do not matter); `nil` when no visible item stays, and the offset stays.
  struct IdentityAnchor {
    var identity: AnyHashable
    var position: Double
    var snapped: Bool
  }

  /// The identity the data source gives the item at a data index (row), if any.
  func identity(at index: Int) -> AnyHashable? {
    if let sectioned {
      let shape = sectioned.acceptedSections
      guard index >= 0, index < shape.numberOfRows,
        case .item(let path) = shape.element(atRow: index)
      else { return nil }
      return sectioned.virtualList(list, identifierForItemAt: path)
    }
    guard index >= 0, index < max(0, source.numberOfItems(in: list)) else { return nil }
    return source.virtualList(list, identifierForItemAt: index)
  }

  func identityAnchor(surviving survives: (Int) -> Bool) -> IdentityAnchor? {
    guard count > 0, list.viewportExtent > 0, list.scrollPhase == .idle else { return nil }
    let identityOf: (Int) -> AnyHashable? = { self.identity(at: $0) }
    func surviving(_ id: AnyHashable?) -> Bool { (id?.base as? Int).map(survives) ?? false }
    if list.effectiveSnapping != nil {
      guard let resting = list.restingDataIndex, let id = identityOf(resting), surviving(id) else {
        return nil
      }
      return IdentityAnchor(identity: id, position: 0, snapped: true)
    }
    let layout = list.layout
    let offset = list.contentOffset
    let shown = list.placements.filter { !$0.isDeparting && !$0.isPinned }
      .sorted { $0.virtualIndex < $1.virtualIndex }
    let end = offset + list.viewportExtent
    for p in shown {
      let slot = layout.slot(at: p.virtualIndex)
      guard slot.end > offset, slot.offset < end, let id = identityOf(p.index), surviving(id)
      else { continue }
      return IdentityAnchor(identity: id, position: slot.offset - offset, snapped: false)
    }
    return nil
  }

  /// Whether the offset sits at a bounded end, where clamping may rightly move the anchor.
  var isClamped: Bool {
    list.wrapping == .bounded
      && (list.contentOffset <= list.minimumOffset + epsilon
        || list.contentOffset >= list.maximumOffset - epsilon)
  }

  func checkIdentityAnchor(_ anchor: IdentityAnchor, in items: [Int], after change: String) {
    guard !isClamped, list.scrollPhase == .idle,
      let index = (anchor.identity.base as? Int).flatMap({ items.firstIndex(of: $0) })
    else { return }
    if anchor.snapped {
      if list.restingDataIndex != index {
        record(
          .snapshot,
          "\(change) moved the resting item \(anchor.identity) away: the list rests on index "
            + "\(list.restingDataIndex.map(String.init) ?? "none"), the item is at \(index)")
      }
      return
    }
    let layout = list.layout
    let offset = list.contentOffset
    // In a cyclic list every copy of the item stands for it. When the items reaching into the
    // viewport were all deleted, the anchor is the next surviving item, which may lie past the
    // window; the copy the window shows is then a whole number of loops nearer (a loop is the
    // layout's period, not its content extent, which counts the insets once).
    let loop = list.wrapping == .cyclic ? layout.period.extent : 0
    func keptAt(virtualIndex: Int) -> Bool {
      var off = layout.slot(at: virtualIndex).offset - offset - anchor.position
      if loop > 0 { off -= (off / loop).rounded() * loop }
      return abs(off) <= epsilon * 10
    }
    // An anchor below the viewport (the items in it were all deleted) may have left the window
    // with the change: a cell that showed it in the overscan then travels out as a departing
    // placement, and the layout alone says where the item is.
    let kept =
      list.placements.contains {
        !$0.isDeparting && $0.index == index && keptAt(virtualIndex: $0.virtualIndex)
      } || (anchor.position >= list.viewportExtent && keptAt(virtualIndex: index))
    if !kept {
      record(
        .snapshot,
        "\(change) moved the anchor item \(anchor.identity) (index \(index)) from \(anchor.position) "
          + "in the viewport: the first visible item the update does not move keeps its place")
    }
  }
}

extension ReferenceModel {
  /// Follows items through a snapshot by identity: survivors keep their extents (moved ones
  /// too), new items are estimated.
  mutating func remap(old: [Int], new: [Int]) {
    guard case .variable(let estimate, _, _, _) = geometry else { return }
    guard extents.count == old.count else {
      reload(count: new.count)
      return
    }
    var extentOf: [Int: Double] = [:]
    for (i, id) in old.enumerated() { extentOf[id] = extents[i] }
    extents = new.map { extentOf[$0] ?? estimate }
  }
}
