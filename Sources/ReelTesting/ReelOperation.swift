import Reel

/// One step of a conformance script: an input, a clock tick, a viewport change or a data change.
///
/// Operations carry raw numbers; the runner reduces indices modulo the item count when it runs
/// them, so every script is valid for every list, and removing steps (shrinking) never makes a
/// script invalid. Each operation has a compact text form that ``init(_:)`` parses back:
///
/// ```swift
/// let step = ReelOperation.drag(distance: -300, velocity: 1500)
/// print(step)                                   // drag(-300.0,1500.0)
/// #expect(ReelOperation("drag(-300.0,1500.0)") == step)
/// ```
///
/// - Complexity: running one operation costs one or a few layout passes.
public enum ReelOperation: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  /// `setContentOffset(_:animated: false)` to an offset (clamped by the list).
  case setOffset(Double)
  /// A mouse-wheel or touchpad scroll by a distance.
  case wheel(Double)
  /// A drag over four 16 ms frames; a non-zero `velocity` ends it as a fling.
  case drag(distance: Double, velocity: Double)
  /// Advances the manual clock and ticks the list.
  case tick(milliseconds: Int)
  /// Ticks at 60 fps until the list stops moving (at most 30 s).
  case settle
  /// Changes the viewport size.
  case resize(width: Double, height: Double)
  /// Replaces the data with `count` new items and calls `reloadData()`.
  case reload(count: Int)
  /// Inserts `count` new items at an index, through `performBatchUpdates(_:)`.
  case insert(at: Int, count: Int)
  /// Deletes `count` items from an index, through `performBatchUpdates(_:)`.
  case delete(at: Int, count: Int)
  /// Moves one item, through `performBatchUpdates(_:)`.
  case move(from: Int, to: Int)
  /// Reloads one item in place, through `performBatchUpdates(_:)`.
  case update(at: Int)
  /// Reports a measured extent for an item (measuring layouts only).
  case measure(at: Int, extent: Double)
  /// A tap through `selectItem(at:)`, at a point given as fractions (0..<1) of the viewport.
  case tap(x: Double, y: Double)
  /// A navigation key, through `handle(_:)`.
  case key(NavigationKey)
  /// `scrollToItem(at:alignment: .resting, animated:)`.
  case scrollTo(index: Int, animated: Bool)
  /// Sets `contentOffset` (clamped into range) from inside the next `willDisplay`, which a jump
  /// across the content brings about. Extended.
  case callbackOffset(Double)
  /// Sets `viewportSize` from inside the next `cellForItemAt`, brought about the same way.
  /// Extended.
  case callbackResize(width: Double, height: Double)
  /// At rest, swaps (by `kind` modulo 4) the axis, the wrapping, the layout for a fresh copy of
  /// the initial one, or a grid's number of lanes. Extended.
  case swap(kind: Int)
  /// At rest, measures an item twice with the same (fractional) extent. Extended.
  case remeasure(at: Int, extent: Double)
  /// Flings with a velocity, then, in flight, inserts `count` items at an index by a batch
  /// update or by a reload, and settles. Extended.
  case flingChange(velocity: Double, at: Int, count: Int, batch: Bool)
  /// Inserts a section of `count` new items at a section index, through
  /// `performBatchUpdates(_: SectionedBatchUpdate)`. Sectioned subjects only.
  case insertSection(at: Int, count: Int)
  /// Deletes a section with its items. Sectioned subjects only.
  case deleteSection(at: Int)
  /// Moves a section. Sectioned subjects only.
  case moveSection(from: Int, to: Int)
  /// Replaces the items of a section with `count` new ones. Sectioned subjects only.
  case reloadSection(at: Int, count: Int)
  /// Applies a new snapshot through `DiffableDataSource.apply(_:)`: about `changes` random
  /// inserts, deletes, moves and reconfigures derived from `seed`. Diffable subjects only.
  case snapshot(seed: Int, changes: Int)
  /// The same with `updateAnimation` on: applies a snapshot, ticks `midway` milliseconds, applies
  /// a second one mid-animation (from `seed + 1`) and ticks to rest. Diffable subjects only.
  case animatedSnapshot(seed: Int, changes: Int, midway: Int)
  /// Anchors a bounded list at its end (if it is not) and appends `count` items. List features.
  case append(count: Int)
  /// Anchors a bounded list at its end and measures its last item `by` points longer (measuring
  /// layouts only). List features.
  case growLast(by: Double)
  /// Anchors a bounded list at its end and inserts `count` items at the top. List features.
  case prepend(count: Int)
  /// Anchors a bounded list at its end and scrolls up by a distance, by the wheel. List features.
  case scrollUp(Double)
  /// Anchors a bounded list at its end and jumps back to the end. List features.
  case backToEnd
  /// Saves the `scrollState`, round-trips it through JSON and restores it (by `kind` modulo 3)
  /// into a fresh list with the same data, with changed data, or of another shape. List
  /// features.
  case saveRestore(kind: Int)
  /// Selects an item (multiple selection), by data index or by item path. List features.
  case select(at: Int, byPath: Bool)
  /// Deselects an item, by data index or by item path. List features.
  case deselect(at: Int, byPath: Bool)
  /// Measures `count` items (1 to 64) from an index in one `measure(_:)` batch: in an order
  /// and with fractional extents (up to 400 points) derived from `seed`, one item recorded
  /// twice (the last extent wins), and an item far from the first (measuring layouts only).
  /// Bulk measurements (``ConformanceOptions/bulkMeasurements``).
  case measureBatch(at: Int, count: Int, seed: Int)

  /// The compact text form, such as `wheel(120.0)` or `key(forward)`.
  public var description: String {
    switch self {
    case .setOffset(let x): return "setOffset(\(x))"
    case .wheel(let d): return "wheel(\(d))"
    case .drag(let d, let v): return "drag(\(d),\(v))"
    case .tick(let ms): return "tick(\(ms))"
    case .settle: return "settle"
    case .resize(let w, let h): return "resize(\(w),\(h))"
    case .reload(let n): return "reload(\(n))"
    case .insert(let i, let n): return "insert(\(i),\(n))"
    case .delete(let i, let n): return "delete(\(i),\(n))"
    case .move(let f, let t): return "move(\(f),\(t))"
    case .update(let i): return "update(\(i))"
    case .measure(let i, let e): return "measure(\(i),\(e))"
    case .tap(let x, let y): return "tap(\(x),\(y))"
    case .key(let k): return "key(\(Self.name(of: k)))"
    case .scrollTo(let i, let a): return "scrollTo(\(i),\(a))"
    case .callbackOffset(let x): return "callbackOffset(\(x))"
    case .callbackResize(let w, let h): return "callbackResize(\(w),\(h))"
    case .swap(let k): return "swap(\(k))"
    case .remeasure(let i, let e): return "remeasure(\(i),\(e))"
    case .flingChange(let v, let i, let n, let b): return "flingChange(\(v),\(i),\(n),\(b))"
    case .insertSection(let i, let n): return "insertSection(\(i),\(n))"
    case .deleteSection(let i): return "deleteSection(\(i))"
    case .moveSection(let f, let t): return "moveSection(\(f),\(t))"
    case .reloadSection(let i, let n): return "reloadSection(\(i),\(n))"
    case .snapshot(let s, let n): return "snapshot(\(s),\(n))"
    case .animatedSnapshot(let s, let n, let m): return "animatedSnapshot(\(s),\(n),\(m))"
    case .append(let n): return "append(\(n))"
    case .growLast(let d): return "growLast(\(d))"
    case .prepend(let n): return "prepend(\(n))"
    case .scrollUp(let d): return "scrollUp(\(d))"
    case .backToEnd: return "backToEnd"
    case .saveRestore(let k): return "saveRestore(\(k))"
    case .select(let i, let p): return "select(\(i),\(p))"
    case .deselect(let i, let p): return "deselect(\(i),\(p))"
    case .measureBatch(let i, let n, let seed): return "measureBatch(\(i),\(n),\(seed))"
    }
  }

  /// Parses the compact text form; `nil` when the text is not an operation.
  ///
  /// ```swift
  /// let step = ReelOperation("tick(16)")      // .tick(milliseconds: 16)
  /// ```
  ///
  /// - Complexity: O(length of the text).
  public init?(_ text: String) {
    let trimmed = text.trimmingSpaces()
    guard let open = trimmed.firstIndex(of: "(") else {
      switch trimmed {
      case "settle": self = .settle
      case "backToEnd": self = .backToEnd
      default: return nil
      }
      return
    }
    guard trimmed.hasSuffix(")") else { return nil }
    let name = String(trimmed[..<open])
    let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    let args = inner.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingSpaces()
    }
    let d = args.map { Double($0) }
    let i = args.map { Int($0) }
    switch (name, args.count) {
    case ("setOffset", 1):
      guard let x = d[0] else { return nil }
      self = .setOffset(x)
    case ("wheel", 1):
      guard let x = d[0] else { return nil }
      self = .wheel(x)
    case ("drag", 2):
      guard let a = d[0], let b = d[1] else { return nil }
      self = .drag(distance: a, velocity: b)
    case ("tick", 1):
      guard let a = i[0] else { return nil }
      self = .tick(milliseconds: a)
    case ("resize", 2):
      guard let a = d[0], let b = d[1] else { return nil }
      self = .resize(width: a, height: b)
    case ("reload", 1):
      guard let a = i[0] else { return nil }
      self = .reload(count: a)
    case ("insert", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .insert(at: a, count: b)
    case ("delete", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .delete(at: a, count: b)
    case ("move", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .move(from: a, to: b)
    case ("update", 1):
      guard let a = i[0] else { return nil }
      self = .update(at: a)
    case ("measure", 2):
      guard let a = i[0], let b = d[1] else { return nil }
      self = .measure(at: a, extent: b)
    case ("tap", 2):
      guard let a = d[0], let b = d[1] else { return nil }
      self = .tap(x: a, y: b)
    case ("key", 1):
      guard let k = Self.keys.first(where: { Self.name(of: $0) == args[0] }) else { return nil }
      self = .key(k)
    case ("scrollTo", 2):
      guard let a = i[0], let b = Bool(args[1]) else { return nil }
      self = .scrollTo(index: a, animated: b)
    case ("callbackOffset", 1):
      guard let x = d[0] else { return nil }
      self = .callbackOffset(x)
    case ("callbackResize", 2):
      guard let a = d[0], let b = d[1] else { return nil }
      self = .callbackResize(width: a, height: b)
    case ("swap", 1):
      guard let a = i[0] else { return nil }
      self = .swap(kind: a)
    case ("remeasure", 2):
      guard let a = i[0], let b = d[1] else { return nil }
      self = .remeasure(at: a, extent: b)
    case ("flingChange", 4):
      guard let v = d[0], let a = i[1], let n = i[2], let b = Bool(args[3]) else { return nil }
      self = .flingChange(velocity: v, at: a, count: n, batch: b)
    case ("insertSection", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .insertSection(at: a, count: b)
    case ("deleteSection", 1):
      guard let a = i[0] else { return nil }
      self = .deleteSection(at: a)
    case ("moveSection", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .moveSection(from: a, to: b)
    case ("reloadSection", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .reloadSection(at: a, count: b)
    default:
      guard let feature = Self(feature: name, args) else { return nil }
      self = feature
    }
  }

  /// Whether the operation is one of the extended ones (``ConformanceOptions/extendedChecks``).
  public var isExtended: Bool {
    switch self {
    case .callbackOffset, .callbackResize, .swap, .remeasure, .flingChange: return true
    default: return false
    }
  }

  /// Whether the operation is one of the list-feature ones (``ConformanceOptions/listFeatures``):
  /// end anchoring, saved state or selection.
  public var isListFeature: Bool {
    switch self {
    case .append, .growLast, .prepend, .scrollUp, .backToEnd, .saveRestore, .select, .deselect:
      return true
    default: return false
    }
  }

  /// Whether the operation applies snapshots (diffable subjects only; others skip it).
  public var appliesSnapshots: Bool {
    switch self {
    case .snapshot, .animatedSnapshot: return true
    default: return false
    }
  }

  /// Whether the operation changes sections (sectioned subjects only; others skip it).
  public var changesSections: Bool {
    switch self {
    case .insertSection, .deleteSection, .moveSection, .reloadSection: return true
    default: return false
    }
  }

  /// Whether the operation changes the data (reload or batch update).
  public var changesData: Bool {
    switch self {
    case .reload, .insert, .delete, .move, .update, .flingChange, .insertSection, .deleteSection,
      .moveSection, .reloadSection, .snapshot, .animatedSnapshot, .append, .growLast, .prepend:
      return true
    default: return false
    }
  }

  static let keys: [NavigationKey] = [
    .backward, .forward, .pageBackward, .pageForward, .home, .end,
  ]

  static func name(of key: NavigationKey) -> String {
    switch key {
    case .backward: return "backward"
    case .forward: return "forward"
    case .pageBackward: return "pageBackward"
    case .pageForward: return "pageForward"
    case .home: return "home"
    case .end: return "end"
    }
  }
}

extension String {
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first?.isWhitespace == true { s.removeFirst() }
    while s.last?.isWhitespace == true { s.removeLast() }
    return String(s)
  }
}
