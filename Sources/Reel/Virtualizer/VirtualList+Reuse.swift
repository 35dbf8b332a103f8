extension VirtualList {
  /// Registers a factory for a reuse identifier, with a cap on pooled cells (5 by default).
  ///
  /// Registering an identifier again replaces its factory and cap and keeps its pooled cells.
  ///
  /// ```swift
  /// list.register("row") { Row() }
  /// list.register("header", capacity: 2) { Header() }
  /// ```
  ///
  /// - Precondition: not called from inside a data source or delegate callback; `capacity ≥ 0`.
  public func register(_ reuseIdentifier: String, capacity: Int = 5, factory: @escaping () -> Cell)
  {
    guardNotInCallback("register(_:capacity:factory:)")
    state.pools.register(reuseIdentifier, capacity: capacity, factory: factory)
    releaseExcessCells()
  }

  /// A cell for the item the list is asking for: a pooled one after `prepareForReuse()`, or a
  /// new one from the identifier's factory.
  ///
  /// - Precondition: called from ``VirtualListDataSource/virtualList(_:cellForItemAt:)`` with the
  ///   index it was asked for, and the identifier was registered.
  /// - Complexity: O(1) amortized.
  @inlinable
  @inline(__always)
  public func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for index: Int)
    -> Cell
  {
    dequeue(
      poolKey(reuseIdentifier), forRow: index,
      caller: "dequeueReusableCell(withReuseIdentifier:for:)")
  }

  /// The pool of a registered reuse identifier.
  @inlinable
  @inline(__always)
  func poolKey(_ reuseIdentifier: String) -> ReusePools<Cell>.Key {
    guard let key = state.pools.key(for: reuseIdentifier) else {
      unregisteredIdentifier(reuseIdentifier)
    }
    return key
  }

  /// Stops the program for a reuse identifier nobody registered.
  @usableFromInline
  @inline(never)
  func unregisteredIdentifier(_ reuseIdentifier: String) -> Never {
    preconditionFailure(
      "no cell is registered for reuse identifier \"\(reuseIdentifier)\"; call "
        + "register(_:factory:) first")
  }

  /// A cell from a pool for the row the list is asking for: a pooled one after
  /// `prepareForReuse()`, or a new one from the pool's factory.
  ///
  /// Inlined into the data source's call: the usual case (asked for the right row, a pooled
  /// cell, the first dequeue of the call) is a few loads and stores; the rest is outlined.
  @inlinable
  @inline(__always)
  func dequeue(_ key: ReusePools<Cell>.Key, forRow row: Int, caller: @autoclosure () -> String)
    -> Cell
  {
    guard let requested = state.pools.requestedIndex, row == requested else {
      misplacedDequeue(forRow: row, caller: caller())
    }
    let cell: Cell
    if let pooled = state.pools.popPooled(key) {
      pooled.prepareForReuse()
      cell = pooled
    } else {
      cell = makeCell(key)
    }
    state.pools.noteDequeued(cell, pool: key)
    return cell
  }

  /// A new cell from a pool's factory (the pool was empty).
  @inlinable
  @inline(never)
  func makeCell(_ key: ReusePools<Cell>.Key) -> Cell {
    let factory = state.pools.factory(key)
    return factory()
  }

  /// Stops the program for a dequeue outside the data source's cell call, or for another row.
  @usableFromInline
  @inline(never)
  func misplacedDequeue(forRow row: Int, caller: String) -> Never {
    guard let requested = state.pools.requestedIndex else {
      preconditionFailure(
        "\(caller) must be called from the data source's virtualList(_:cellForItemAt:) (with "
          + "sections, its item or supplementary method) while the list asks it for a cell")
    }
    preconditionFailure(
      "\(caller) was called for index \(row) while the list asked for index \(requested)")
  }

  /// Releases the pooled cells beyond their pools' caps, one at a time, outside any access to
  /// the state (a cell's `deinit` is user code).
  @inlinable
  func releaseExcessCells() {
    while let cell = state.pools.popExcess() { withExtendedLifetime(cell) {} }
  }

  /// Cells the factories made over the list's life.
  public var cellsCreated: Int { state.pools.createdCount }
  /// Cells released because their pool was full.
  public var cellsReleased: Int { state.pools.releasedCount }
  /// Cells waiting in the pools.
  public var cellsPooled: Int { state.pools.pooledCount }
  /// Cells displayed now (the window, overscan included, a pinned header's own cell, and cells
  /// animating out of an animated update).
  public var cellsDisplayed: Int {
    state.window.entries.count + (state.pinned.mode == .outside ? 1 : 0) + state.departing.count
  }
  /// The largest number of cells displayed at once so far.
  public var largestWindowCount: Int { state.window.largestCount }
  /// The sum of the pools' caps.
  public var poolCapacity: Int { state.pools.totalCapacity }
}
