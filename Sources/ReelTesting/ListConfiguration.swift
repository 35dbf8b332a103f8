import Reel

/// A built-in layout with an axis, a wrapping mode, an item count and a viewport: one list the
/// conformance check builds (with ``RecordingCell``s and an ``ArrayDataSource``) and drives.
///
/// ```swift
/// let configuration = ListConfiguration(layout: .paging, axis: .horizontal, wrapping: .cyclic)
/// let report = Conformance.check(configuration)
/// ```
public struct ListConfiguration: Sendable, Hashable, CustomStringConvertible {
  /// The layout.
  public var layout: BuiltInLayout
  /// The scrolling axis.
  public var axis: Axis
  /// Bounded or cyclic.
  public var wrapping: Wrapping
  /// The initial item count.
  public var count: Int
  /// The initial viewport.
  public var viewport: Size
  /// The list's overscan.
  public var overscan: Int
  /// Whether the kit drives the list through a `DiffableDataSource`
  /// (``ConformanceSubject/diffableRecording(tracker:)``) instead of an ``ArrayDataSource``:
  /// data changes become snapshots, and scripts apply random snapshots, animated ones included.
  public var diffable = false

  /// Creates a configuration.
  ///
  /// ```swift
  /// let c = ListConfiguration(layout: .uniform, count: 1_000)
  /// ```
  ///
  /// - Complexity: O(1).
  public init(
    layout: BuiltInLayout, axis: Axis = .vertical, wrapping: Wrapping = .bounded, count: Int = 100,
    viewport: Size = Size(width: 390, height: 844), overscan: Int = 2
  ) {
    self.layout = layout
    self.axis = axis
    self.wrapping = wrapping
    self.count = count
    self.viewport = viewport
    self.overscan = overscan
  }

  /// Every built-in layout × axis × wrapping mode, with the given count.
  ///
  /// ```swift
  /// for c in ListConfiguration.all() { #expect(Conformance.check(c).passed) }
  /// ```
  ///
  /// - Complexity: O(layouts × 4).
  public static func all(count: Int = 100) -> [ListConfiguration] {
    BuiltInLayout.allCases.flatMap { layout in
      [Axis.vertical, .horizontal].flatMap { axis in
        [Wrapping.bounded, .cyclic].map {
          ListConfiguration(layout: layout, axis: axis, wrapping: $0, count: count)
        }
      }
    }
  }

  /// `layout axis wrapping count=… viewport=…×… overscan=…`.
  public var description: String {
    "\(layout) \(axis) \(wrapping) count=\(count) viewport=\(viewport.width)x\(viewport.height) "
      + "overscan=\(overscan)\(diffable ? " diffable" : "")"
  }
}
