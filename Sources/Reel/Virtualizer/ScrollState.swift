/// Where a list was scrolled, as a `Codable` value an app saves and gives back after a restart:
/// the anchor item (by identity where the data source gives `String` or `Int` identities), its
/// position in the viewport (and, in a cyclic list, its place in the layout's loop), whether the
/// list was at its end, the list's shape, and the measured extents known so far.
///
/// ```swift
/// let saved = try JSONEncoder().encode(list.scrollState)
/// // … after a restart, with the data source and viewport set:
/// try list.restoreScrollState(JSONDecoder().decode(ScrollState.self, from: saved))
/// ```
///
/// Identities: a data source's identities are `AnyHashable`, which is not `Codable`; the state
/// keeps an identity whose base is a `String` or an `Int` (convert others, such as UUIDs, to a
/// `String` in ``VirtualListDataSource/virtualList(_:identifierForItemAt:)``). Without one the
/// anchor is kept by index.
public struct ScrollState: Codable, Sendable, Hashable {
  /// An item identity that can be encoded.
  public enum Identifier: Codable, Sendable, Hashable {
    /// A `String` identity.
    case string(String)
    /// An `Int` identity.
    case int(Int)

    /// The identifier of a data source's identity, when its base is a `String` or an `Int`.
    public init?(_ identity: AnyHashable) {
      if let string = identity.base as? String {
        self = .string(string)
      } else if let int = identity.base as? Int {
        self = .int(int)
      } else {
        return nil
      }
    }

    /// The identity as the data source gives it.
    public var identity: AnyHashable {
      switch self {
      case .string(let value): AnyHashable(value)
      case .int(let value): AnyHashable(value)
      }
    }
  }

  /// What a state can only be restored into: the same axis, wrapping and kind of data source;
  /// and what tells whether the data changed (the counts).
  public struct Shape: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The number of items (rows, in a sectioned list).
    public var count: Int
    /// The items of each section, in a sectioned list; `nil` for a flat one.
    public var itemsPerSection: [Int]?
    /// Whether the list scrolls horizontally.
    public var isHorizontal: Bool
    /// Whether the list loops.
    public var isCyclic: Bool

    /// Creates a shape.
    public init(count: Int, itemsPerSection: [Int]?, isHorizontal: Bool, isCyclic: Bool) {
      self.count = count
      self.itemsPerSection = itemsPerSection
      self.isHorizontal = isHorizontal
      self.isCyclic = isCyclic
    }

    /// The part of the shape that must match for a restore: axis, wrapping, sections or not.
    func mismatch(with other: Shape) -> String? {
      if isHorizontal != other.isHorizontal {
        return "the state is of a \(isHorizontal ? "horizontal" : "vertical") list"
      }
      if isCyclic != other.isCyclic {
        return "the state is of a \(isCyclic ? "cyclic" : "bounded") list"
      }
      if (itemsPerSection == nil) != (other.itemsPerSection == nil) {
        return "the state is of a list \(itemsPerSection == nil ? "without" : "with") sections"
      }
      return nil
    }

    /// For example `"vertical, bounded, 120 items"`.
    public var description: String {
      let sections = itemsPerSection.map { " in \($0.count) sections" } ?? ""
      return "\(isHorizontal ? "horizontal" : "vertical"), \(isCyclic ? "cyclic" : "bounded"), "
        + "\(count) items\(sections)"
    }
  }

  /// The shape of the list the state was taken from.
  public var shape: Shape
  /// The anchor item's data index (row, in a sectioned list).
  public var anchorIndex: Int
  /// The anchor item's identity, when the data source gives a `String` or `Int` one.
  public var anchorIdentifier: Identifier?
  /// The anchor item's main-axis start in viewport coordinates (negative when it starts above
  /// the viewport).
  public var anchorPosition: Double
  /// Whether the list was at its end (restored as the end when anchored at the end).
  public var isAtEnd: Bool
  /// The extents of a ``VariableLayout`` or a ``MasonryLayout``, when the list had one.
  public var measuredExtents: MeasuredExtents?
  /// In a cyclic list, the anchor's place in one loop of the layout: its virtual index modulo
  /// the layout's ``LayoutPeriod/items``; `nil` in a bounded list (and in states saved before
  /// it was kept).
  ///
  /// A loop can hold several copies of the data, each laid out differently — a cyclic grid of
  /// 10 items in 3 lanes loops every 30 virtual indices, item 4 in another lane in each copy —
  /// so the data index alone does not say which copy, and which neighbours, were on screen.
  public var anchorIndexInLoop: Int?

  /// Creates a state; lists make them with ``VirtualList/scrollState``.
  public init(
    shape: Shape, anchorIndex: Int, anchorIdentifier: Identifier?, anchorPosition: Double,
    isAtEnd: Bool, measuredExtents: MeasuredExtents?, anchorIndexInLoop: Int? = nil
  ) {
    self.shape = shape
    self.anchorIndex = anchorIndex
    self.anchorIdentifier = anchorIdentifier
    self.anchorPosition = anchorPosition
    self.isAtEnd = isAtEnd
    self.measuredExtents = measuredExtents
    self.anchorIndexInLoop = anchorIndexInLoop
  }
}

/// A saved ``ScrollState`` that cannot be restored into a list; the list scrolled to its top.
public enum ScrollStateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The state was taken from a list of another shape (axis, wrapping, or sections or not).
  case shapeMismatch(saved: ScrollState.Shape, current: ScrollState.Shape, reason: String)

  /// A sentence that names the mismatch.
  public var description: String {
    switch self {
    case .shapeMismatch(let saved, let current, let reason):
      "cannot restore a scroll state of another list shape: \(reason) (saved: \(saved); this "
        + "list: \(current)); the list scrolled to its top instead"
    }
  }
}
