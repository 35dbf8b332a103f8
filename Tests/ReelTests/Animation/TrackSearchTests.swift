import ReelTesting
import Testing

@testable import Reel

/// The animator finds a cell's track by a binary search over cell identities: it gives the same
/// place as a plain walk, for every count and every key, present or absent, below, between and
/// above the cells.
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
    let animator = UpdateAnimator()
    #expect(animator.lowerBound(of: id) == 0)
    #expect(animator.position(of: id) == nil)
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
        var animator = UpdateAnimator()
        animator.tracks = ContiguousArray(
          cells.map {
            UpdateAnimator.Track(
              id: $0, index: 0,
              displacement: Slot(offset: 1, extent: 0, crossOffset: 0, crossExtent: 0),
              moveStart: nil,
              fadeStart: nil, fades: false)
          })
        for key in all {
          let want = Self.walkedLowerBound(of: key, in: Array(cells))
          let got = animator.lowerBound(of: key)
          #expect(got == want, "count \(count): \(got) instead of \(want) (seed \(seed))")
          let position = animator.position(of: key)
          #expect(
            position == cells.firstIndex(of: key),
            "count \(count): position \(String(describing: position)) (seed \(seed))")
        }
      }
    }
    withExtendedLifetime(tokens) {}
  }
}
