import Foundation
import ReelTesting
import Testing

@testable import Reel

/// A store's buffer grows, and is copied before a shared one is written, by copying only the
/// parts of its arrays the store took: every extent and sum survives every growth and copy.
@Suite struct ExtentStoreGrowthTests {
  @Test func growthAndCopiesKeepEveryExtent() {
    for seed in UInt64(1)...8 {
      var rng = SplitMix64(seed: seed)
      // A store that starts as one run in a one-leaf buffer, with room reserved or not.
      var store = ExtentStore(count: rng.int(in: 2_000...20_000), extent: 50)
      if seed % 2 == 0 { store.reserveMeasuringRoom() }
      var reference = Array(repeating: 50.0, count: store.count)
      var copies: [(ExtentStore, [Double])] = []
      for step in 0..<600 {
        let index = rng.int(in: 0...(reference.count - 1))
        switch rng.int(in: 0...9) {
        case 0:
          // Narrow extents, wide ones (no `Float` holds an odd number above 2²⁴) and thirds.
          let extent = [Double(rng.int(in: 0...9)), 16_777_217, 1.0 / 3][rng.int(in: 0...2)]
          let k = rng.int(in: 1...40)
          store.insert(extent, count: k, at: index)
          reference.insert(contentsOf: repeatElement(extent, count: k), at: index)
        case 1:
          let k = min(rng.int(in: 1...40), reference.count - index - 1)
          if k > 0 {
            store.remove(at: index, count: k)
            reference.removeSubrange(index..<(index + k))
          }
        case 2:
          // A copy kept aside: the next write to either copies the shared buffer.
          copies.append((store, reference))
        default:
          let extent = rng.int(in: 0...20) == 0 ? 16_777_219 : Double(rng.int(in: 10...120))
          _ = store.set(extent, at: index)
          reference[index] = extent
        }
        if step % 50 == 49 {
          #expect(store.values() == reference, "seed \(seed), step \(step)")
          #expect(store.invariantViolations().isEmpty, "seed \(seed), step \(step)")
        }
      }
      #expect(store.values() == reference, "seed \(seed)")
      for (copy, values) in copies {
        #expect(copy.values() == values, "seed \(seed): a copy changed")
        #expect(copy.invariantViolations().isEmpty)
      }
      #expect(store.denseLeafCount > 20, "seed \(seed): too few dense leaves to grow the buffer")
    }
  }

  /// A list's first bulk measurement gives the store room for 4,096 dense leaves (with their
  /// leaves and nodes): a thousand jumps into a huge estimated list, each measuring a screen of
  /// new items, fill it without growing (copying) the buffer once.
  @Test func measuringRoomHoldsAThousandJumpsWithoutGrowing() {
    var store = ExtentStore(count: 10_000_000, extent: 50)
    store.reserveMeasuringRoom()
    #expect(store.buffer.narrowCapacity >= 4_096 && store.buffer.slotCapacity >= 4_096)
    let reserved = ObjectIdentifier(store.buffer)
    var rng = SplitMix64(seed: 5)
    for _ in 0..<1_000 {
      let start = rng.int(in: 0...(10_000_000 - 40))
      let batch = (0..<22).map {
        ExtentStore.Measured(index: start + $0, extent: Double(rng.int(in: 20...120)))
      }
      _ = batch.withUnsafeBufferPointer { store.setSorted($0) }
    }
    #expect(store.denseLeafCount >= 900)
    #expect(ObjectIdentifier(store.buffer) == reserved, "the buffer grew")
    #expect(store.invariantViolations().isEmpty)
  }

  /// Every array of 64 KiB or more of a store's buffer starts at a cache line (a narrow leaf's
  /// 128 bytes are two lines, not three), and an array of at least 2 MiB at a huge page; on
  /// Linux, the whole huge pages of the part a build fills are advised to be transparent huge
  /// pages.
  @Test func buffersAreAlignedAndBuiltStoresUseHugePages() {
    // Arrays of 72 to 144 KiB, but for `fill` and `leafSlot`.
    let medium = ExtentStoreBuffer(nodes: 1_000, leaves: 10_000, slots: 300, narrow: 600)
    let addresses = [
      Int(bitPattern: medium.entryCount), Int(bitPattern: medium.entrySum),
      Int(bitPattern: medium.entryRef), Int(bitPattern: medium.entryEnd),
      Int(bitPattern: medium.entryBefore), Int(bitPattern: medium.leafExtent),
      Int(bitPattern: medium.wideSlab), Int(bitPattern: medium.narrowSlab),
    ]
    #expect(addresses.allSatisfy { $0 % 64 == 0 }, "\(addresses)")
    let large = ExtentStoreBuffer(nodes: 3, leaves: 5, slots: 7, narrow: 20_000)
    // 20,000 narrow slots of 32 Floats: 2.56 MB.
    #expect(Int(bitPattern: large.narrowSlab) % ExtentStoreBuffer.hugePage == 0)
    // 600,000 measured items in narrow leaves: a slab of about 2.7 MB, 2.4 MB of it filled.
    var rng = SplitMix64(seed: 3)
    let store = ExtentStore((0..<600_000).map { _ in Double(rng.int(in: 20...120)) })
    let slab = Int(bitPattern: store.buffer.narrowSlab)
    #expect(slab % ExtentStoreBuffer.hugePage == 0)
    #if os(Linux) && canImport(Glibc)
      // A kernel built without transparent huge pages refuses the advice (and has no setting).
      if FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") {
        #expect(
          Self.mappingFlags(containing: slab).contains("hg"), "no MADV_HUGEPAGE on the slab")
      }
    #endif
    #expect(store.count == 600_000 && store.invariantViolations().isEmpty)
  }

  #if os(Linux) && canImport(Glibc)
    /// The `VmFlags` of the mapping of `/proc/self/smaps` that holds `address` (empty when none).
    static func mappingFlags(containing address: Int) -> [Substring] {
      // Read to the end: a file of /proc reports a size of 0.
      guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return [] }
      let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
      var inside = false
      for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ")
        if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
          let bounds = range.split(separator: "-").compactMap { UInt(String($0), radix: 16) }
          inside = bounds.count == 2 && UInt(address) >= bounds[0] && UInt(address) < bounds[1]
        } else if inside && fields.first == "VmFlags:" {
          return Array(fields.dropFirst())
        }
      }
      return []
    }
  #endif
}
