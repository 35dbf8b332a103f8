/// A typed registration of cells: register once, dequeue with it, and get the concrete cell
/// type back, with no cast and no string lookup.
///
/// Like UIKit's `UICollectionView.CellRegistration`, a registration stands for one reuse pool of
/// one concrete cell type. The list's `Cell` type stays what the frontend draws through (a base
/// class or a class-bound protocol); each registration's cells are one concrete kind of it.
///
/// ```swift
/// let names = list.register(NameRow.self) { NameRow() }
/// let letters = list.register(LetterHeader.self, forSupplementaryOfKind: .header) {
///   LetterHeader()
/// }
/// // in the data source:
/// let row = list.dequeueCell(names, for: path)   // a NameRow
/// row.name = "Ada"
/// ```
///
/// A registration belongs to the list that made it; dequeuing it from another list stops the
/// program with a message.
public struct CellRegistration<Cell: ReusableCell, Concrete: AnyObject>: Sendable {
  @usableFromInline let key: ReusePools<Cell>.Key
  /// The supplementary kind the registration is for, or `nil` for item cells.
  public let supplementaryKind: SupplementaryKind?
  /// The reuse identifier of the registration's pool.
  public let reuseIdentifier: String
  @usableFromInline let owner: ObjectIdentifier

  @usableFromInline
  init(
    key: ReusePools<Cell>.Key, supplementaryKind: SupplementaryKind?, reuseIdentifier: String,
    owner: ObjectIdentifier
  ) {
    self.key = key
    self.supplementaryKind = supplementaryKind
    self.reuseIdentifier = reuseIdentifier
    self.owner = owner
  }
}

extension VirtualList {
  /// Registers a factory of a concrete cell type for items and returns the registration to
  /// dequeue with.
  ///
  /// Registering the same reuse identifier again replaces its factory and cap and keeps its
  /// pooled cells, as ``register(_:capacity:factory:)`` does.
  ///
  /// - Parameters:
  ///   - type: the concrete cell type, a kind of `Cell`.
  ///   - reuseIdentifier: the pool's identifier; the type's name by default.
  ///   - capacity: the pool's cap (5 by default).
  ///   - factory: makes a new cell.
  /// - Precondition: not called from inside a data source or delegate callback; `capacity ≥ 0`;
  ///   the cells the factory makes are `Cell`s (checked when the first one is made).
  public func register<Concrete: AnyObject>(
    _ type: Concrete.Type, reuseIdentifier: String? = nil, capacity: Int = 5,
    factory: @escaping () -> Concrete
  ) -> CellRegistration<Cell, Concrete> {
    makeRegistration(
      type, kind: nil, reuseIdentifier: reuseIdentifier ?? String(reflecting: type),
      capacity: capacity, factory: factory)
  }

  /// Registers a factory of a concrete cell type for a section's headers or footers and returns
  /// the registration to dequeue them with.
  ///
  /// - Precondition: as ``register(_:reuseIdentifier:capacity:factory:)``.
  public func register<Concrete: AnyObject>(
    _ type: Concrete.Type, forSupplementaryOfKind kind: SupplementaryKind,
    reuseIdentifier: String? = nil, capacity: Int = 5, factory: @escaping () -> Concrete
  ) -> CellRegistration<Cell, Concrete> {
    makeRegistration(
      type, kind: kind,
      reuseIdentifier: reuseIdentifier ?? "\(kind):\(String(reflecting: type))",
      capacity: capacity, factory: factory)
  }

  private func makeRegistration<Concrete: AnyObject>(
    _ type: Concrete.Type, kind: SupplementaryKind?, reuseIdentifier: String, capacity: Int,
    factory: @escaping () -> Concrete
  ) -> CellRegistration<Cell, Concrete> {
    guardNotInCallback("register(_:reuseIdentifier:capacity:factory:)")
    let make: () -> Cell = {
      let made = factory()
      guard let cell = made as? Cell else {
        preconditionFailure(
          "register(_:reuseIdentifier:capacity:factory:): \(Concrete.self) is not a "
            + "\(Cell.self); register a kind of the list's cell type")
      }
      return cell
    }
    let key = state.pools.register(reuseIdentifier, capacity: capacity, factory: make)
    releaseExcessCells()
    return CellRegistration(
      key: key, supplementaryKind: kind, reuseIdentifier: reuseIdentifier,
      owner: ObjectIdentifier(self))
  }

  /// A cell of a registration for the item the list is asking for, as its concrete type.
  ///
  /// - Precondition: called from the data source's `cellForItemAt` with the index it was asked
  ///   for; the registration is for items and was made by this list.
  /// - Complexity: O(1) amortized.
  @inlinable
  public func dequeueCell<Concrete>(
    _ registration: CellRegistration<Cell, Concrete>, for index: Int
  )
    -> Concrete
  {
    checkItemRegistration(registration)
    let cell = dequeue(registration.key, forRow: index, caller: "dequeueCell(_:for:)")
    return cell as! Concrete
  }

  /// A cell of a registration for the item at a path, as its concrete type.
  ///
  /// - Precondition: called from ``SectionedListDataSource/virtualList(_:cellForItemAt:)-(_,ItemPath)``
  ///   with the path it was asked for; the registration is for items and was made by this list.
  /// - Complexity: O(log s) for s sections.
  @inlinable
  public func dequeueCell<Concrete>(
    _ registration: CellRegistration<Cell, Concrete>, for path: ItemPath
  ) -> Concrete {
    checkItemRegistration(registration)
    let cell = dequeue(
      registration.key, forRow: row(ofRequested: path), caller: "dequeueCell(_:for:)")
    return cell as! Concrete
  }

  /// A header or footer cell of a registration, as its concrete type.
  ///
  /// - Precondition: called from
  ///   ``SectionedListDataSource/virtualList(_:supplementaryCellOfKind:inSection:)`` with the kind
  ///   and section it was asked for; the registration is for that kind and was made by this list.
  /// - Complexity: O(log s).
  @inlinable
  public func dequeueSupplementaryCell<Concrete>(
    _ registration: CellRegistration<Cell, Concrete>, ofKind kind: SupplementaryKind,
    inSection section: Int
  ) -> Concrete {
    precondition(
      registration.owner == ObjectIdentifier(self),
      "dequeueSupplementaryCell(_:ofKind:inSection:): the registration was made by another list")
    precondition(
      registration.supplementaryKind == kind,
      "dequeueSupplementaryCell(_:ofKind:inSection:): the registration is for "
        + "\(registration.supplementaryKind.map { "\($0)s" } ?? "items"), not \(kind)s")
    let row = row(ofRequested: kind, inSection: section)
    let cell = dequeue(
      registration.key, forRow: row, caller: "dequeueSupplementaryCell(_:ofKind:inSection:)")
    return cell as! Concrete
  }

  @inlinable
  func checkItemRegistration<Concrete>(_ registration: CellRegistration<Cell, Concrete>) {
    precondition(
      registration.owner == ObjectIdentifier(self),
      "dequeueCell(_:for:): the registration was made by another list")
    precondition(
      registration.supplementaryKind == nil,
      "dequeueCell(_:for:): the registration is for \(registration.supplementaryKind.map { "\($0)s" } ?? ""); "
        + "dequeue it with dequeueSupplementaryCell(_:ofKind:inSection:)")
  }
}
