import Reel

/// A replayable sequence of ``ReelOperation``s, generated from a seed or parsed from text.
///
/// The text form is the operations separated by `; `, so a failure report can be pasted back
/// into a test:
///
/// ```swift
/// let script = ConformanceScript(seed: 42, length: 60)
/// print(script)                       // "wheel(120.0); tick(16); reload(0); …"
/// let again = ConformanceScript("wheel(120.0); tick(16); reload(0)")!
/// ```
///
/// - Complexity: generation and parsing are O(length).
public struct ConformanceScript: Sendable, Hashable, CustomStringConvertible,
  LosslessStringConvertible
{
  /// The operations, in order.
  public var operations: [ReelOperation]

  /// Creates a script from operations.
  ///
  /// ```swift
  /// let script = ConformanceScript(operations: [.reload(count: 0), .settle])
  /// ```
  ///
  /// - Complexity: O(1).
  public init(operations: [ReelOperation]) { self.operations = operations }

  /// Parses the text form (operations separated by `;` or newlines); `nil` if any part fails.
  ///
  /// ```swift
  /// let script = ConformanceScript("reload(3); settle")
  /// ```
  ///
  /// - Complexity: O(length of the text).
  public init?(_ text: String) {
    var operations: [ReelOperation] = []
    for part in text.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
      let trimmed = String(part).trimmingSpaces()
      if trimmed.isEmpty { continue }
      guard let operation = ReelOperation(trimmed) else { return nil }
      operations.append(operation)
    }
    self.operations = operations
  }

  /// The operations separated by `; `.
  public var description: String { operations.map(\.description).joined(separator: "; ") }

  /// A random script: scrolls, flings, ticks, resizes, reloads, batch updates, taps, keys and
  /// measurements, with item counts between 0 and `maximumCount`.
  ///
  /// The same seed always gives the same script. With `extended`, about one operation in six is
  /// one of the extended ones (``ConformanceOptions/extendedChecks``); with `sections`, about one
  /// in five inserts, deletes, moves or reloads a section (for sectioned subjects); with
  /// `snapshots`, about one in six applies a random snapshot, animated or not (for diffable
  /// subjects); with `listFeatures`, about one in five appends, prepends, grows the last item,
  /// scrolls up, goes back to the end, saves and restores the scroll state, or selects or
  /// deselects (``ConformanceOptions/listFeatures``); with `bulkMeasurements`, about one in
  /// six measures a batch of items (``ConformanceOptions/bulkMeasurements``); without any, the
  /// scripts are those of earlier releases.
  ///
  /// ```swift
  /// let script = ConformanceScript(seed: 7, length: 40, maximumCount: 1_000)
  /// ```
  ///
  /// - Complexity: O(length).
  public init(
    seed: UInt64, length: Int, maximumCount: Int = 1_000, extended: Bool = false,
    sections: Bool = false, snapshots: Bool = false, listFeatures: Bool = false,
    bulkMeasurements: Bool = false
  ) {
    var rng = SplitMix64(seed: seed)
    operations = (0..<max(0, length)).map { _ in
      if bulkMeasurements && rng.int(in: 0...5) == 0 {
        return .measureBatch(
          at: rng.int(in: 0...max(0, maximumCount)), count: rng.int(in: 1...40),
          seed: rng.int(in: 0...65_535))
      }
      if sections && rng.int(in: 0...4) == 0 { return Self.randomSectionOperation(&rng) }
      if snapshots && rng.int(in: 0...5) == 0 { return Self.randomSnapshotOperation(&rng) }
      if listFeatures && rng.int(in: 0...4) == 0 {
        return Self.randomFeatureOperation(&rng, maximumCount)
      }
      return extended && rng.int(in: 0...5) == 0
        ? Self.randomExtendedOperation(&rng, maximumCount)
        : Self.randomOperation(&rng, maximumCount)
    }
  }

  static func randomSectionOperation(_ rng: inout SplitMix64) -> ReelOperation {
    let section = rng.int(in: 0...1_000)
    let count = rng.int(in: 0...3) == 0 ? 0 : rng.int(in: 1...15)
    switch rng.int(in: 0...3) {
    case 0: return .insertSection(at: section, count: count)
    case 1: return .deleteSection(at: section)
    case 2: return .moveSection(from: section, to: rng.int(in: 0...1_000))
    default: return .reloadSection(at: section, count: count)
    }
  }

  static func randomExtendedOperation(_ rng: inout SplitMix64, _ maximumCount: Int)
    -> ReelOperation
  {
    let index = rng.int(in: 0...max(0, maximumCount))
    switch rng.int(in: 0...4) {
    case 0: return .callbackOffset(randomDistance(&rng))
    case 1:
      return .callbackResize(
        width: Double(rng.int(in: 1...1_200)), height: Double(rng.int(in: 1...1_200)))
    case 2: return .swap(kind: rng.int(in: 0...3))
    case 3:
      return .remeasure(
        at: index, extent: Double(rng.int(in: 1...900)) / Double(rng.int(in: 3...9)))
    default:
      return .flingChange(
        velocity: randomDistance(&rng) / 4, at: rng.int(in: 0...max(0, maximumCount)),
        count: rng.int(in: 1...4), batch: rng.int(in: 0...1) == 0)
    }
  }

  static func randomCount(_ rng: inout SplitMix64, _ maximum: Int) -> Int {
    switch rng.int(in: 0...9) {
    case 0: return 0
    case 1: return 1
    case 2: return min(maximum, rng.int(in: 2...3))
    case 3, 4: return min(maximum, rng.int(in: 0...20))
    default: return rng.int(in: 0...max(0, maximum))
    }
  }

  static func randomDistance(_ rng: inout SplitMix64) -> Double {
    let magnitude: Double
    switch rng.int(in: 0...3) {
    case 0: magnitude = Double(rng.int(in: 0...20))
    case 1: magnitude = Double(rng.int(in: 0...400))
    case 2: magnitude = rng.double(in: 0..<5_000)
    default: magnitude = rng.double(in: 0..<100_000)
    }
    return rng.int(in: 0...1) == 0 ? -magnitude : magnitude
  }

  static func randomOperation(_ rng: inout SplitMix64, _ maximumCount: Int) -> ReelOperation {
    let index = rng.int(in: 0...max(0, maximumCount))
    switch rng.int(in: 0...19) {
    case 0: return .setOffset(randomDistance(&rng))
    case 1, 2: return .wheel(randomDistance(&rng))
    case 3, 4:
      let fling = rng.int(in: 0...2) > 0
      return .drag(
        distance: randomDistance(&rng), velocity: fling ? randomDistance(&rng) / 4 : 0)
    case 5, 6: return .tick(milliseconds: rng.int(in: 1...120))
    case 7: return .settle
    case 8:
      let w = rng.int(in: 0...9) == 0 ? 0 : Double(rng.int(in: 1...1_200))
      let h = rng.int(in: 0...9) == 0 ? 0 : Double(rng.int(in: 1...1_200))
      return .resize(width: w, height: h)
    case 9: return .reload(count: randomCount(&rng, maximumCount))
    case 10: return .insert(at: index, count: rng.int(in: 1...12))
    case 11: return .delete(at: index, count: rng.int(in: 1...12))
    case 12: return .move(from: index, to: rng.int(in: 0...max(0, maximumCount)))
    case 13: return .update(at: index)
    case 14, 15: return .measure(at: index, extent: Double(rng.int(in: 0...300)))
    case 16:
      return .tap(x: rng.double(in: 0..<1), y: rng.double(in: 0..<1))
    case 17:
      return .key(ReelOperation.keys[rng.int(in: 0...(ReelOperation.keys.count - 1))])
    default: return .scrollTo(index: index, animated: rng.int(in: 0...1) == 0)
    }
  }
}
