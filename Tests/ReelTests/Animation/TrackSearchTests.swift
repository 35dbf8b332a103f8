import ReelTesting
import Testing

@testable import Reel

/// The animator finds a cell's track by a binary search over cell addresses that steps with
/// conditional moves instead of branches: it gives the same place as a plain walk, for every
/// count and every key, present or absent, below, between and above the cells.
@Suite struct TrackSearchTests {
  /// Objects whose addresses serve as cell identifiers.
  final class Token {}

  /// The first position whose identifier is not below `id`, found by walking.
  static func walkedLowerBound(of id: ObjectIdentifier, in cells: [ObjectIdentifier]) -> Int {
    cells.firstIndex { $0 >= id } ?? cells.count
  }

  @Test func anEmptyListHasEveryKeyAtZero() {
    let token = Token()
    let id = ObjectIdentifier(token)
    let cells: [ObjectIdentifier] = []
    cells.withUnsafeBufferPointer { cells in
      #expect(UpdateAnimator.lowerBound(of: id, in: cells) == 0)
      #expect(UpdateAnimator.position(of: id, in: cells) == nil)
    }
  }

  @Test func agreesWithAWalkForEveryCountAndKey() {
    let seed: UInt64 = 7_919
    var rng = SplitMix64(seed: seed)
    // Twice as many objects as the largest list: the ones left out are absent keys, whose
    // addresses fall below, between and above the listed ones.
    let tokens = (0..<160).map { _ in Token() }
    let all = tokens.map(ObjectIdentifier.init)
    for count in 0...80 {
      for _ in 0..<4 {
        // A random subset of `count` identifiers, ascending, as the animator keeps them.
        var pool = all
        for i in 0..<count {
          pool.swapAt(i, rng.int(in: i...(pool.count - 1)))
        }
        let cells = pool[..<count].sorted()
        cells.withUnsafeBufferPointer { buffer in
          for key in all {
            let want = Self.walkedLowerBound(of: key, in: cells)
            let got = UpdateAnimator.lowerBound(of: key, in: buffer)
            #expect(got == want, "count \(count): \(got) instead of \(want) (seed \(seed))")
            let position = UpdateAnimator.position(of: key, in: buffer)
            #expect(
              position == cells.firstIndex(of: key),
              "count \(count): position \(String(describing: position)) (seed \(seed))")
          }
        }
      }
    }
    withExtendedLifetime(tokens) {}
  }
}
