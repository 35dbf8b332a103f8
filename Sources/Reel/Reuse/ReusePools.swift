/// Keyed pools of cells waiting for reuse, one per reuse identifier.
///
/// Each identifier has a factory and a cap (5 by default, as RecyclerView). The pools never run
/// user code themselves: ``popPooled(_:)`` hands a pooled cell back for the list to prepare,
/// ``factory(_:)`` hands the factory out for the list to call, and cells beyond a cap leave
/// through ``popExcess()`` so that the caller, not the pools, drops the last reference. That keeps
/// every factory, `prepareForReuse()` and cell `deinit` outside any access to the list's state.
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
    /// The pooled cells: a reference, so that pushing and popping leaves `pools` untouched.
    @usableFromInline let cells: CellStack<Cell>
    /// ``cells`` unretained, for pushes and pops that cost no reference count on the stack
    /// (``cells`` keeps it alive as long as the pool).
    @usableFromInline let stack: Unmanaged<CellStack<Cell>>
    @usableFromInline var created = 0

    init(
      identifier: String, capacity: Int, factory: @escaping () -> Cell, cells: CellStack<Cell>,
      created: Int = 0
    ) {
      self.identifier = identifier
      self.capacity = capacity
      self.factory = factory
      self.cells = cells
      self.stack = Unmanaged.passUnretained(cells)
      self.created = created
    }
  }

  @usableFromInline var pools: [Pool] = []
  @usableFromInline var released = 0
  /// While deferring, enqueued cells are kept beyond the caps until ``endDeferringCaps()``, so a
  /// pass that recycles many cells and then dequeues as many creates none.
  @usableFromInline var deferring = false
  @usableFromInline var lastLookup = 0

  @inlinable
  init() {}

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
      let old = pools[key.index]
      pools[key.index] = Pool(
        identifier: identifier, capacity: capacity, factory: factory,
        cells: old.cells, created: old.created)
      return key
    }
    pools.append(
      Pool(identifier: identifier, capacity: capacity, factory: factory, cells: CellStack()))
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
  func popPooled(_ key: Key) -> Cell? {
    pools[key.index].stack._withUnsafeGuaranteedRef { $0.pop() }
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
    let stack = pools[key.index].stack
    guard deferring || stack._withUnsafeGuaranteedRef({ $0.count }) < pools[key.index].capacity
    else {
      released += 1
      return false
    }
    stack._withUnsafeGuaranteedRef { $0.push(cell) }
    return true
  }

  /// Whether a pool keeps `count` more cells: caps are deferred, or it has room for them.
  @inlinable
  func canTake(_ count: Int, pool key: Key) -> Bool {
    deferring
      || pools[key.index].stack._withUnsafeGuaranteedRef({ $0.count }) + count
        <= pools[key.index].capacity
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
      return pools[index].cells.pop()
    }
    return nil
  }

  /// Takes out any one pooled cell, counted as released, or `nil` when all pools are empty.
  mutating func popAny() -> Cell? {
    for index in pools.indices where pools[index].cells.count > 0 {
      released += 1
      return pools[index].cells.pop()
    }
    return nil
  }

  /// The identifier of a key.
  func identifier(of key: Key) -> String { pools[key.index].identifier }

  /// The registered identifiers, in registration order.
  var identifiers: [String] { pools.map(\.identifier) }

  /// Cells waiting in a pool.
  func pooledCells(_ key: Key) -> ContiguousArray<Cell> { pools[key.index].cells.elements }

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

/// The cells waiting in one pool, last in first out, in a buffer only the pools hold.
///
/// A pool is pushed and popped once per recycled cell, so it skips what an array pays for
/// sharing: no uniqueness check, no copy on write, and a push or pop is a store and a count.
/// No user code runs inside it: moving a cell in or out runs nothing, and the stack hands every
/// cell back before its own end (`VirtualList` empties the pools in its `deinit`, and a stack
/// that still holds cells then releases them one at a time, outside any access to its buffer).
@usableFromInline
final class CellStack<Cell: AnyObject> {
  // Unchecked: every access is a load or a store that runs no code (checked, each would cost
  // a runtime exclusivity check, more than the push or pop itself).
  @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Cell>
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  /// An empty stack with room for `capacity` cells before it grows (8 by default).
  ///
  /// - Precondition: `capacity ≥ 1`.
  init(capacity: Int = 8) {
    precondition(capacity >= 1, "CellStack(capacity:): capacity must be ≥ 1, got \(capacity)")
    base = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  deinit {
    while let cell = pop() { withExtendedLifetime(cell) {} }
    base.deallocate()
  }

  /// Puts a cell on top, taking over the caller's reference.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable
  @inline(__always)
  func push(_ cell: __owned Cell) {
    if count == capacity { grow() }
    (base + count).initialize(to: cell)
    count &+= 1
  }

  /// Takes the top cell out, with the stack's reference, or returns `nil` when empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  func pop() -> Cell? {
    guard count > 0 else { return nil }
    count &-= 1
    return (base + count).move()
  }

  /// Makes room for `extra` more cells above the top, for ``place(_:at:)`` and
  /// ``commit(_:)``.
  ///
  /// - Complexity: O(n) when it grows, O(1) otherwise.
  @inlinable
  func reserve(_ extra: Int) {
    while capacity - count < extra { grow() }
  }

  /// Puts a cell at `offset` above the top without counting it yet: after ``reserve(_:)`` of
  /// `n`, place each of `0..<n` exactly once, then ``commit(_:)`` `n`.
  ///
  /// - Precondition: `0 ≤ offset < capacity − count` (checked in debug builds).
  @inlinable
  @inline(__always)
  func place(_ cell: __owned Cell, at offset: Int) {
    assert(offset >= 0 && offset < capacity - count, "CellStack.place(_:at:): offset \(offset)")
    (base + count + offset).initialize(to: cell)
  }

  /// Counts the `placed` cells put above the top by ``place(_:at:)``.
  ///
  /// - Precondition: `count + placed ≤ capacity`.
  @inlinable
  func commit(_ placed: Int) {
    precondition(count + placed <= capacity, "CellStack.commit(_:): \(placed) cells do not fit")
    count &+= placed
  }

  /// Doubles the buffer, moving the cells over.
  @usableFromInline
  @inline(never)
  func grow() {
    let bigger = UnsafeMutablePointer<Cell>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }

  /// The cells, bottom first (a copy, for checks and tests).
  var elements: ContiguousArray<Cell> {
    ContiguousArray(UnsafeBufferPointer(start: base, count: count))
  }
}
