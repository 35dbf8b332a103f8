/// How long and how hard a conformance check drives its subject.
///
/// ```swift
/// var options = ConformanceOptions()
/// options.seeds = 0..<200            // more scripts
/// options.steps = 100                // longer scripts
/// ```
public struct ConformanceOptions: Sendable, Hashable {
  /// The seeds to run, one script each.
  public var seeds: Range<UInt64> = 0..<16
  /// Operations per script.
  public var steps: Int = 50
  /// The largest item count scripts reload to (counts span 0 … this).
  public var maximumCount: Int = 1_000
  /// Whether to shrink the first failing script to a minimal reproduction.
  public var shrink = true
  /// Whether to compare placements with the reference model.
  public var checkReference = true
  /// How far (in points) an adapter's drawn frame may be from the placement's frame.
  public var frameTolerance = 0.5
  /// Whether random scripts also use the extended operations, and their checks run:
  /// `contentOffset` and `viewportSize` set from inside callbacks (the same `placements` read
  /// shows them), layout, axis, wrapping and lanes swaps (the anchor item keeps its place),
  /// fractional re-measurement (one pass at rest leaves `needsFrames` false, and measuring the
  /// same extent again changes nothing), and reloads and batch insertions during flings (the
  /// list comes to rest on the identity it was flung to). Off by default.
  ///
  /// ```swift
  /// var options = ConformanceOptions()
  /// options.extendedChecks = true
  /// let report = Conformance.check(configuration, options: options)
  /// ```
  public var extendedChecks = false
  /// Whether random scripts also use the list-feature operations, and their checks run: end
  /// anchoring (``ReelOperation/append(count:)``, ``ReelOperation/growLast(by:)``,
  /// ``ReelOperation/prepend(count:)``, ``ReelOperation/scrollUp(_:)``,
  /// ``ReelOperation/backToEnd``: no drift of the last item while following the end, no
  /// following after a scroll up, a prepend keeps the visible item still), saved state
  /// (``ReelOperation/saveRestore(kind:)``: a `ScrollState` round-tripped through JSON restores
  /// the same placements into a fresh list, keeps the anchor item by identity after a data
  /// change, and falls back to the top with `ScrollStateError` for another list shape) and
  /// selection (``ReelOperation/select(at:byPath:)``, ``ReelOperation/deselect(at:byPath:)``:
  /// the selected items stay selected by identity through reloads, batch updates and
  /// snapshots). Off by default.
  ///
  /// Snapshot operations do not need it: they run whenever the subject has
  /// ``ConformanceSubject/diffable`` hooks.
  ///
  /// ```swift
  /// var options = ConformanceOptions()
  /// options.listFeatures = true
  /// let report = Conformance.check(configuration, options: options)
  /// ```
  public var listFeatures = false
  /// Whether random scripts also measure in bulk (``ReelOperation/measureBatch(at:count:seed:)``:
  /// a batch of measurements in one `measure(_:)` call, in any order, with a duplicate): the
  /// checks of single measurements hold (the geometry is the reference's, and with
  /// ``extendedChecks`` the first visible item keeps its place). Off by default, so that the
  /// scripts of a seed are those of earlier releases.
  ///
  /// ```swift
  /// var options = ConformanceOptions()
  /// options.bulkMeasurements = true
  /// let report = Conformance.check(configuration, options: options)
  /// ```
  public var bulkMeasurements = false

  /// Default options: 16 seeds of 50 steps, counts up to 1,000.
  ///
  /// ```swift
  /// let options = ConformanceOptions()
  /// ```
  ///
  /// - Complexity: O(1).
  public init() {}
}
