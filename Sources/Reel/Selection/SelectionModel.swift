/// How many items a list lets the user select.
public enum SelectionMode: Sendable, Hashable {
  /// Nothing is recorded: a tap only tells the delegate (the default).
  case none
  /// At most one selected item; selecting another replaces it.
  case single
  /// Any number of selected items; a tap on a selected item deselects it.
  case multiple
}

/// The selected and highlighted rows of a list, kept by identity or by index as the data changes.
///
/// A value with no knowledge of the list: ``VirtualList`` owns one and keeps it current, and it
/// can be used and tested alone.
///
/// ```swift
/// var selection = SelectionModel(mode: .multiple)
/// selection.select(3, identity: "ada")
/// selection.select(7, identity: "grace")
/// // Item 0 was deleted and a reload moved "grace" to 2:
/// selection.remap(count: 9) { $0 == "grace" ? 2 : nil }
/// selection.selectedRows  // [2]
/// ```
public struct SelectionModel: Equatable {
  /// The selection mode; switching to ``SelectionMode/none`` clears the selection, to
  /// ``SelectionMode/single`` keeps only the lowest selected row.
  public var mode: SelectionMode {
    didSet {
      switch mode {
      case .none: removeAll()
      case .single:
        if let keep = selected.min() { retain([keep]) }
      case .multiple: break
      }
    }
  }
  /// The selected rows.
  public private(set) var selected: Set<Int> = []
  /// The row under a pointer that is down, if any: drawn pressed, not yet selected.
  public var highlighted: Int?
  /// Identities of selected rows, when the data source gives them.
  private var identities: [Int: AnyHashable] = [:]

  /// Creates an empty selection.
  ///
  /// - Complexity: O(1).
  public init(mode: SelectionMode = .none) { self.mode = mode }

  /// The selected rows, ascending.
  ///
  /// - Complexity: O(k log k) for k selected rows.
  public var selectedRows: [Int] { selected.sorted() }

  /// Whether a row is selected.
  ///
  /// - Complexity: O(1).
  @inlinable public func contains(_ row: Int) -> Bool { selected.contains(row) }

  /// What selecting a row would deselect: the other selected row in single mode.
  ///
  /// - Complexity: O(k) for k selected rows.
  public func rowsReplaced(bySelecting row: Int) -> [Int] {
    mode == .single ? selected.filter { $0 != row }.sorted() : []
  }

  /// Selects a row, with its identity if the data source gives one; in single mode the row
  /// replaces the selection. Returns whether the selection changed (never in
  /// ``SelectionMode/none``).
  ///
  /// - Complexity: O(1) amortized (O(k) in single mode when it replaces k rows).
  @discardableResult
  public mutating func select(_ row: Int, identity: AnyHashable? = nil) -> Bool {
    guard mode != .none, !selected.contains(row) else { return false }
    if mode == .single { removeAll() }
    selected.insert(row)
    if let identity { identities[row] = identity }
    return true
  }

  /// Deselects a row; returns whether it was selected.
  ///
  /// - Complexity: O(1).
  @discardableResult
  public mutating func deselect(_ row: Int) -> Bool {
    identities[row] = nil
    return selected.remove(row) != nil
  }

  /// Deselects every row.
  ///
  /// - Complexity: O(k) for k selected rows.
  public mutating func removeAll() {
    selected.removeAll()
    identities.removeAll()
  }

  /// Follows a batch update: deleted rows leave the selection, the others move to their new
  /// index (moves included), so the same items stay selected.
  ///
  /// - Complexity: O(k log d) for k selected rows and d changes.
  @usableFromInline package mutating func apply(_ changes: IndexChanges) {
    guard !selected.isEmpty || highlighted != nil else { return }
    var moved = Set<Int>()
    var movedIdentities: [Int: AnyHashable] = [:]
    for row in selected {
      guard let new = changes.newIndex(forOld: row) else { continue }
      moved.insert(new)
      if let identity = identities[row] { movedIdentities[new] = identity }
    }
    selected = moved
    identities = movedIdentities
    highlighted = highlighted.flatMap { changes.newIndex(forOld: $0) }
  }

  /// Follows a reload: rows with an identity go where `index(of:)` finds it (and leave when it
  /// returns `nil`); rows without one keep their index while it is below `count`. Rows for which
  /// `isSelectable` is false (a header now sits there) leave too.
  ///
  /// - Complexity: O(k) calls of `index(of:)` for k selected rows.
  package mutating func remap(
    count: Int, index: (AnyHashable) -> Int?, isSelectable: (Int) -> Bool = { _ in true }
  ) {
    highlighted = nil
    guard !selected.isEmpty else { return }
    var kept = Set<Int>()
    var keptIdentities: [Int: AnyHashable] = [:]
    for row in selected.sorted() {
      var new: Int? = row
      if let identity = identities[row] { new = index(identity) }
      guard let new, new >= 0, new < count, isSelectable(new) else { continue }
      if mode == .single && !kept.isEmpty { break }
      kept.insert(new)
      if let identity = identities[row] { keptIdentities[new] = identity }
    }
    selected = kept
    identities = keptIdentities
  }

  /// Keeps only the given rows.
  private mutating func retain(_ rows: Set<Int>) {
    selected.formIntersection(rows)
    identities = identities.filter { selected.contains($0.key) }
  }
}
