/// Keyed pools of cells waiting for reuse, one per reuse identifier.
///
/// Each identifier has a factory and a cap (5 by default, as RecyclerView). ``dequeue(_:)``
/// returns a pooled cell after calling its `prepareForReuse()`, or makes a new one;
/// ``enqueue(_:pool:)`` keeps a cell unless its pool is full, in which case the cell is
/// released. Several cell kinds live side by side in one list.
///
/// ```swift
/// var pools = ReusePools<Row>()
/// let rows = pools.register("row", capacity: 5) { Row() }
/// let cell = pools.dequeue(rows)
/// pools.enqueue(cell, pool: rows)
/// ```
public struct ReusePools<Cell: ReusableCell> {
  /// A registered reuse identifier's position, for lookups without hashing.
  public struct Key: Sendable, Hashable {
    /// Position in registration order.
    public let index: Int

    @inlinable
    init(index: Int) { self.index = index }
  }

  @usableFromInline
  struct Pool {
    @usableFromInline let identifier: String
    @usableFromInline var capacity: Int
    @usableFromInline let factory: () -> Cell
    @usableFromInline var cells: ContiguousArray<Cell> = []
    @usableFromInline var created = 0
  }

  @usableFromInline var pools: [Pool] = []
  @usableFromInline var released = 0
  /// While deferring, enqueued cells are kept beyond the caps until ``endDeferringCaps()``, so a
  /// pass that recycles many cells and then dequeues as many creates none.
  @usableFromInline var deferring = false
  @usableFromInline var lastLookup = 0

  /// Creates empty pools with no identifiers.
  public init() {}

  /// Registers (or re-registers) a factory for an identifier and returns its key.
  ///
  /// Re-registering keeps the pooled cells and replaces the factory and cap.
  ///
  /// - Precondition: `capacity ≥ 0`.
  @discardableResult
  public mutating func register(
    _ identifier: String, capacity: Int = 5, factory: @escaping () -> Cell
  ) -> Key {
    precondition(capacity >= 0, "register: pool capacity must be ≥ 0, got \(capacity)")
    if let key = key(for: identifier) {
      let old = pools[key.index]
      pools[key.index] = Pool(
        identifier: identifier, capacity: capacity, factory: factory,
        cells: old.cells, created: old.created)
      trim(key.index)
      return key
    }
    pools.append(Pool(identifier: identifier, capacity: capacity, factory: factory))
    return Key(index: pools.count - 1)
  }

  /// The key of a registered identifier, or `nil`.
  ///
  /// - Complexity: O(1) when the same identifier is asked for again, O(k) for k identifiers.
  @inlinable
  public mutating func key(for identifier: String) -> Key? {
    if lastLookup < pools.count && pools[lastLookup].identifier == identifier {
      return Key(index: lastLookup)
    }
    for index in pools.indices where pools[index].identifier == identifier {
      lastLookup = index
      return Key(index: index)
    }
    return nil
  }

  /// A pooled cell, prepared for reuse, or a new one from the factory.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable
  public mutating func dequeue(_ key: Key) -> Cell {
    if let cell = pools[key.index].cells.popLast() {
      cell.prepareForReuse()
      return cell
    }
    pools[key.index].created += 1
    return pools[key.index].factory()
  }

  /// Returns a cell to its pool, or releases it when the pool is full.
  ///
  /// - Returns: whether the cell was kept.
  /// - Complexity: O(1) amortized.
  @discardableResult
  @inlinable
  public mutating func enqueue(_ cell: Cell, pool key: Key) -> Bool {
    guard deferring || pools[key.index].cells.count < pools[key.index].capacity else {
      released += 1
      return false
    }
    pools[key.index].cells.append(cell)
    return true
  }

  /// Starts keeping every enqueued cell, whatever the caps (for the length of a layout pass).
  @inlinable
  public mutating func beginDeferringCaps() { deferring = true }

  /// Applies the caps again, releasing the cells beyond them.
  ///
  /// - Complexity: O(k + r) for k pools and r released cells.
  @inlinable
  public mutating func endDeferringCaps() {
    deferring = false
    for index in pools.indices { trim(index) }
  }

  /// The identifier of a key.
  public func identifier(of key: Key) -> String { pools[key.index].identifier }

  /// The registered identifiers, in registration order.
  public var identifiers: [String] { pools.map(\.identifier) }

  /// Cells waiting in a pool.
  public func pooledCells(_ key: Key) -> ContiguousArray<Cell> { pools[key.index].cells }

  /// Cells waiting in all pools.
  public var pooledCount: Int { pools.reduce(0) { $0 + $1.cells.count } }

  /// Cells the factories made in total.
  public var createdCount: Int { pools.reduce(0) { $0 + $1.created } }

  /// Cells released because their pool was full (or emptied).
  public var releasedCount: Int { released }

  /// The sum of the pools' caps.
  public var totalCapacity: Int { pools.reduce(0) { $0 + $1.capacity } }

  /// Changes a pool's cap, releasing cells beyond it.
  ///
  /// - Precondition: `capacity ≥ 0`.
  public mutating func setCapacity(_ capacity: Int, for key: Key) {
    precondition(capacity >= 0, "setCapacity: pool capacity must be ≥ 0, got \(capacity)")
    pools[key.index].capacity = capacity
    trim(key.index)
  }

  /// Releases every pooled cell.
  ///
  /// - Complexity: O(k + p) for k pools and p pooled cells.
  public mutating func removeAll() {
    for index in pools.indices {
      released += pools[index].cells.count
      pools[index].cells.removeAll()
    }
  }

  @inlinable
  mutating func trim(_ index: Int) {
    let excess = pools[index].cells.count - pools[index].capacity
    if excess > 0 {
      pools[index].cells.removeLast(excess)
      released += excess
    }
  }
}
