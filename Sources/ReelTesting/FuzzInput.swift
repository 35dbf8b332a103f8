import Reel

/// Decodes arbitrary bytes (a fuzzer's input) into a list configuration and a script, so a
/// fuzzer explores the same operations as the conformance check.
///
/// Every byte string decodes to something valid; the same bytes always give the same input.
///
/// ```swift
/// let input = FuzzInput(bytes: Array(data))
/// let violations = Conformance.run(input.script, on: input.configuration)
/// ```
public struct FuzzInput: Sendable, Hashable {
  /// The list to build.
  public var configuration: ListConfiguration
  /// The operations to run.
  public var script: ConformanceScript

  /// Decodes bytes: 6 bytes of configuration, then operations of 1 opcode byte plus argument
  /// bytes each, at most `maximumSteps` of them. With `extended`, opcodes from 240 up decode to
  /// the extended operations (``ConformanceOptions/extendedChecks``); without, every opcode
  /// decodes as in earlier releases. With `listFeatures`, bit 4 of the flags byte makes the list
  /// diffable (``ListConfiguration/diffable``) and opcodes 224 to 239 decode to the snapshot and
  /// list-feature operations (``ConformanceOptions/listFeatures``). With `bulkMeasurements`,
  /// opcode 255 decodes to a bulk measurement (``ReelOperation/measureBatch(at:count:seed:)``)
  /// instead of an extended operation; without, it decodes as before.
  ///
  /// - Complexity: O(bytes).
  public init(
    bytes: [UInt8], maximumSteps: Int = 200, extended: Bool = false, listFeatures: Bool = false,
    bulkMeasurements: Bool = false
  ) {
    var reader = ByteReader(bytes: bytes)
    let layouts = BuiltInLayout.allCases
    let layout = layouts[Int(reader.byte()) % layouts.count]
    let flags = reader.byte()
    let count = Int(reader.uint16()) % 1_001
    let width = Double(reader.byte()) * 5
    let height = Double(reader.byte()) * 5
    configuration = ListConfiguration(
      layout: layout, axis: flags & 1 == 0 ? .vertical : .horizontal,
      wrapping: flags & 2 == 0 ? .bounded : .cyclic, count: count,
      viewport: Size(width: width, height: height), overscan: Int(flags >> 2) % 4)
    configuration.diffable = listFeatures && flags & 0x10 != 0
    var operations: [ReelOperation] = []
    while !reader.isAtEnd && operations.count < maximumSteps {
      operations.append(
        reader.operation(
          extended: extended, listFeatures: listFeatures, bulkMeasurements: bulkMeasurements))
    }
    script = ConformanceScript(operations: operations)
  }
}

/// Reads little-endian values from bytes, yielding zeros past the end.
struct ByteReader {
  let bytes: [UInt8]
  var position = 0

  var isAtEnd: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

  mutating func int16() -> Int { Int(Int16(bitPattern: uint16())) }

  /// A distance: small values exact, large ones scaled up to ±3.2 million points.
  mutating func distance() -> Double {
    let raw = int16()
    return abs(raw) < 4_096 ? Double(raw) / 4 : Double(raw) * 100
  }

  mutating func operation(
    extended: Bool = false, listFeatures: Bool = false, bulkMeasurements: Bool = false
  ) -> ReelOperation {
    let code = byte()
    if bulkMeasurements && code == 255 {
      return .measureBatch(at: Int(uint16()), count: Int(byte() % 40) + 1, seed: Int(uint16()))
    }
    if extended && code >= 240 { return extendedOperation(code) }
    if listFeatures && code >= 224 && code < 240 { return featureOperation(code) }
    switch code % 15 {
    case 0: return .setOffset(distance())
    case 1: return .wheel(distance())
    case 2: return .drag(distance: distance(), velocity: distance())
    case 3: return .tick(milliseconds: Int(byte()))
    case 4: return .settle
    case 5: return .resize(width: Double(byte()) * 5, height: Double(byte()) * 5)
    case 6: return .reload(count: Int(uint16()) % 1_001)
    case 7: return .insert(at: Int(uint16()), count: Int(byte() % 16) + 1)
    case 8: return .delete(at: Int(uint16()), count: Int(byte() % 16) + 1)
    case 9: return .move(from: Int(uint16()), to: Int(uint16()))
    case 10: return .update(at: Int(uint16()))
    case 11: return .measure(at: Int(uint16()), extent: Double(byte()) * 2)
    case 12: return .tap(x: Double(byte()) / 256, y: Double(byte()) / 256)
    case 13: return .key(ReelOperation.keys[Int(byte()) % ReelOperation.keys.count])
    default: return .scrollTo(index: Int(uint16()), animated: byte() & 1 == 1)
    }
  }

  mutating func extendedOperation(_ code: UInt8) -> ReelOperation {
    switch code % 5 {
    case 0: return .callbackOffset(distance())
    case 1: return .callbackResize(width: Double(byte()) * 5, height: Double(byte()) * 5)
    case 2: return .swap(kind: Int(byte()))
    case 3: return .remeasure(at: Int(uint16()), extent: Double(uint16()) / 97)
    default:
      return .flingChange(
        velocity: distance(), at: Int(uint16()), count: Int(byte() % 4) + 1,
        batch: byte() & 1 == 1)
    }
  }

  mutating func featureOperation(_ code: UInt8) -> ReelOperation {
    switch code % 16 {
    case 0, 1: return .snapshot(seed: Int(uint16()), changes: Int(byte() % 48))
    case 2:
      return .animatedSnapshot(
        seed: Int(uint16()), changes: Int(byte() % 48), midway: Int(byte()) * 2)
    case 3, 4: return .append(count: Int(byte() % 8) + 1)
    case 5: return .growLast(by: Double(byte()))
    case 6: return .prepend(count: Int(byte() % 8) + 1)
    case 7: return .scrollUp(distance())
    case 8: return .backToEnd
    case 9, 10: return .saveRestore(kind: Int(byte()))
    case 11, 12: return .select(at: Int(uint16()), byPath: byte() & 1 == 1)
    case 13: return .deselect(at: Int(uint16()), byPath: byte() & 1 == 1)
    default: return .snapshot(seed: Int(uint16()), changes: Int(byte() % 8))
    }
  }
}
