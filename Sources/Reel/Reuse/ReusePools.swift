/// Keyed pools of cells waiting for reuse, one per reuse identifier, and the cells dequeued
/// during the data source call in progress.
///
/// Each identifier has a factory and a cap (5 by default, as RecyclerView). A data source call
/// runs between ``beginRequest(for:)`` and ``endRequest(returning:)``: every cell dequeued in it
/// is noted (``noteDequeued(_:pool:)``), and when the call returns, the cell it returned keeps its
/// pool's key and the others go back to their pools.
///
/// The pools never run user code themselves: ``popPooled(_:)`` hands a pooled cell back for the
/// list to prepare, ``factory(_:)`` hands the factory out for the list to call, and cells beyond
/// a cap leave through ``popExcess()`` so that the caller, not the pools, drops the last
/// reference. That keeps every factory, `prepareForReuse()` and cell `deinit` outside any access
/// to the list's state.
@usableFromInline
struct ReusePools<Cell: ReusableCell> {
  /// A registered reuse identifier's position, for lookups without hashing.
  @usableFromInline
  struct Key: Sendable, Hashable {
    /// Position in registration order.
    @usableFromInline let index: Int

    @inlinable
    init(index: Int) { self.index = index }
  }

  @usableFromInline
  struct Pool {
    @usableFromInline let identifier: String
    @usableFromInline var capacity: Int
    @usableFromInline let factory: () -> Cell
    /// The pooled cells, last in first out.
    @usableFromInline var cells = ContiguousArray<Cell>()
    @usableFromInline var created = 0

    init(identifier: String, capacity: Int, factory: @escaping () -> Cell) {
      self.identifier = identifier
      self.capacity = capacity
      self.factory = factory
    }
  }

  @usableFromInline var pools: [Pool] = []
  @usableFromInline var released = 0
  /// While deferring, enqueued cells are kept beyond the caps until ``endDeferringCaps()``, so a
  /// pass that recycles many cells and then dequeues as many creates none.
  @usableFromInline var deferring = false
  @usableFromInline var lastLookup = 0
  /// The data index the data source is asked for, during the call.
  @usableFromInline var requestedIndex: Int?
  /// The first cell dequeued during the call, and its pool: the usual case, kept out of
  /// ``extraDequeued`` so that it costs no array operation.
  @usableFromInline var dequeued: Cell?
  @usableFromInline var dequeuedPool = Key(index: 0)
  /// Cells dequeued during the same call after ``dequeued``.
  @usableFromInline var extraDequeued = ContiguousArray<(cell: Cell, pool: Key)>()

  @inlinable
  init() {}

  /// Starts a data source call for the cell of the data index `index`.
  @inlinable
  mutating func beginRequest(for index: Int) { requestedIndex = index }

  /// Notes a cell dequeued from a pool during the call.
  @inlinable
  mutating func noteDequeued(_ cell: Cell, pool key: Key) {
    if dequeued == nil {
      dequeued = cell
      dequeuedPool = key
    } else {
      extraDequeued.append((cell, key))
    }
  }

  /// Ends the call, which returned `cell`: returns the key of the pool it came from, and puts
  /// the other cells dequeued during the call back into their pools, beyond the caps if need
  /// be (those leave through ``popExcess()``); `sparesReturned` tells whether there were any.
  ///
  /// - Precondition: `cell` was dequeued during the call.
  /// - Complexity: O(1) when the call dequeued one cell; O(k) for k cells dequeued.
  @inlinable
  mutating func endRequest(returning cell: Cell) -> (pool: Key, sparesReturned: Bool) {
    let index = requestedIndex ?? -1
    requestedIndex = nil
    let first = dequeued.take()
    if extraDequeued.isEmpty, let first, first === cell { return (dequeuedPool, false) }
    if let first { extraDequeued.insert((first, dequeuedPool), at: 0) }
    guard let position = extraDequeued.firstIndex(where: { $0.cell === cell }) else {
      preconditionFailure(
        "the data source returned a cell for index \(index) that it did not dequeue in this "
          + "call; return the cell from list.dequeueReusableCell(withReuseIdentifier:for:)")
    }
    let key = extraDequeued.remove(at: position).pool
    let sparesReturned = !extraDequeued.isEmpty
    while let extra = extraDequeued.popLast() { pools[extra.pool.index].cells.append(extra.cell) }
    return (key, sparesReturned)
  }

  /// Registers (or re-registers) a factory for an identifier and returns its key.
  ///
  /// Re-registering keeps the pooled cells and replaces the factory and cap; cells beyond the
  /// new cap leave through ``popExcess()``.
  ///
  /// - Precondition: `capacity ≥ 0`.
  @discardableResult
  mutating func register(_ identifier: String, capacity: Int, factory: @escaping () -> Cell)
    -> Key
  {
    precondition(
      capacity >= 0, "register(_:capacity:factory:): pool capacity must be ≥ 0, got \(capacity)")
    if let key = key(for: identifier) {
      var pool = Pool(identifier: identifier, capacity: capacity, factory: factory)
      swap(&pool.cells, &pools[key.index].cells)
      pool.created = pools[key.index].created
      pools[key.index] = pool
      return key
    }
    pools.append(Pool(identifier: identifier, capacity: capacity, factory: factory))
    return Key(index: pools.count - 1)
  }

  /// The key of a registered identifier, or `nil`.
  ///
  /// - Complexity: O(1) when the same identifier is asked for again, O(k) for k identifiers.
  @inlinable
  @inline(__always)
  mutating func key(for identifier: String) -> Key? {
    // Inlined into every dequeue: the usual case is the identifier asked for last time.
    if lastLookup < pools.count && pools[lastLookup].identifier == identifier {
      return Key(index: lastLookup)
    }
    return searchKey(for: identifier)
  }

  /// The key of a registered identifier other than the one asked for last, or `nil`.
  ///
  /// - Complexity: O(k) for k identifiers.
  @usableFromInline
  @inline(never)
  mutating func searchKey(for identifier: String) -> Key? {
    for index in pools.indices where pools[index].identifier == identifier {
      lastLookup = index
      return Key(index: index)
    }
    return nil
  }

  /// Takes a pooled cell out, or returns `nil` when the pool is empty. The caller prepares it.
  @inlinable
  mutating func popPooled(_ key: Key) -> Cell? {
    pools[key.index].cells.popLast()
  }

  /// The factory of a pool, counted as one creation. The caller calls it.
  @inlinable
  mutating func factory(_ key: Key) -> () -> Cell {
    pools[key.index].created += 1
    return pools[key.index].factory
  }

  /// Returns a cell to its pool, or counts it released when the pool is full (the caller's
  /// reference is then the last one).
  ///
  /// - Returns: whether the cell was kept.
  @discardableResult
  @inlinable
  mutating func enqueue(_ cell: __owned Cell, pool key: Key) -> Bool {
    guard deferring || pools[key.index].cells.count < pools[key.index].capacity else {
      released += 1
      return false
    }
    pools[key.index].cells.append(cell)
    return true
  }

  /// Starts keeping every enqueued cell, whatever the caps (for the length of a layout pass).
  @inlinable
  mutating func beginDeferringCaps() { deferring = true }

  /// Applies the caps again; the cells beyond them then leave through ``popExcess()``.
  @inlinable
  mutating func endDeferringCaps() { deferring = false }

  /// Takes out one cell beyond its pool's cap, counted as released, or `nil` when every pool is
  /// within its cap (or caps are deferred).
  ///
  /// - Complexity: O(k) for k pools.
  @inlinable
  mutating func popExcess() -> Cell? {
    guard !deferring else { return nil }
    for index in pools.indices where pools[index].cells.count > pools[index].capacity {
      released += 1
      return pools[index].cells.popLast()
    }
    return nil
  }

  /// Takes out any one pooled cell, counted as released, or `nil` when all pools are empty.
  mutating func popAny() -> Cell? {
    for index in pools.indices where pools[index].cells.count > 0 {
      released += 1
      return pools[index].cells.popLast()
    }
    return nil
  }

  /// The identifier of a key.
  func identifier(of key: Key) -> String { pools[key.index].identifier }

  /// The registered identifiers, in registration order.
  var identifiers: [String] { pools.map(\.identifier) }

  /// Cells waiting in a pool.
  func pooledCells(_ key: Key) -> ContiguousArray<Cell> { pools[key.index].cells }

  /// Cells waiting in all pools.
  var pooledCount: Int { pools.reduce(0) { $0 + $1.cells.count } }

  /// Cells the factories made in total.
  var createdCount: Int { pools.reduce(0) { $0 + $1.created } }

  /// Cells released because their pool was full (or emptied).
  var releasedCount: Int { released }

  /// The sum of the pools' caps.
  var totalCapacity: Int { pools.reduce(0) { $0 + $1.capacity } }

  /// Changes a pool's cap; cells beyond it then leave through ``popExcess()``.
  ///
  /// - Precondition: `capacity ≥ 0`.
  mutating func setCapacity(_ capacity: Int, for key: Key) {
    precondition(capacity >= 0, "setCapacity(_:for:): pool capacity must be ≥ 0, got \(capacity)")
    pools[key.index].capacity = capacity
  }
}
