/// The items after a masonry layout's placed prefix, in closed form.
///
/// Past the last measured or full-span item every item has the estimated extent `e`, so lane
/// `l` receives items at `next[l] + k × d` (`d = e + spacing`, `k = 0, 1, …`). Placing each item
/// into the shortest lane (ties → the lowest lane) takes the heads of these arithmetic sequences
/// in order, so the tail is their merge ordered by (start, lane), and every question about it
/// (where item `j` goes, how many items start before `x`, where the longest lane ends) is
/// answered by counting sequence terms, without storing the items.
///
/// Each term is computed as `next[l] + Double(k) * d` and compared with that same expression,
/// so the order is exact for the values the layout reports, whatever the rounding.
struct MasonryTail: Sendable, Hashable {
  /// Where each lane's next item starts, relative to the start of the content.
  var next: [Double]
  /// The extent of every tail item.
  var extent: Double
  /// The distance between consecutive items of one lane: extent plus spacing.
  var stride: Double
  /// The number of tail items.
  var count: Int

  /// The lane every tail item goes to when `stride` is 0: the shortest lane never grows.
  private var flatLane: Int {
    var best = 0
    for l in 1..<next.count where next[l] < next[best] { best = l }
    return best
  }

  /// The start of lane `l`'s `k`-th tail item.
  @inline(__always)
  func term(_ l: Int, _ k: Int) -> Double { next[l] + Double(k) * stride }

  /// How many of lane `l`'s first `count` terms satisfy `holds`, a predicate that is true on a
  /// prefix of the terms; `guess` is the value near which it turns false.
  ///
  /// - Complexity: O(1) (the arithmetic guess is off by at most a few terms).
  func countInLane(_ l: Int, guess: Double, _ holds: (Double) -> Bool) -> Int {
    guard count > 0, holds(next[l]) else { return 0 }
    guard stride > 0 else { return count }
    let q = (guess - next[l]) / stride
    var c = q.isNaN ? 1 : q >= Double(count) ? count : max(1, Int(q.rounded(.down)) + 1)
    while c > 1 && !holds(term(l, c - 1)) { c -= 1 }
    while c < count && holds(term(l, c)) { c += 1 }
    return c
  }

  /// How many tail items satisfy `holds`, a predicate on starts that is true below some value.
  ///
  /// - Complexity: O(lanes).
  func count(guess: Double, _ holds: (Double) -> Bool) -> Int {
    var total = 0
    for l in 0..<next.count {
      total += countInLane(l, guess: guess, holds)
      if total >= count { return count }
    }
    return total
  }

  /// The position of lane `l`'s `k`-th term in the merged order.
  private func rank(_ l: Int, _ k: Int) -> Int {
    let v = term(l, k)
    var rank = k
    for other in 0..<next.count where other != l {
      rank +=
        other < l
        ? countInLane(other, guess: v) { $0 <= v } : countInLane(other, guess: v) { $0 < v }
      if rank > count { return rank }
    }
    return rank
  }

  /// The lane and start of tail item `j`.
  ///
  /// - Precondition: `j` is in `0..<count`.
  /// - Complexity: O(lanes²) once every lane takes items, O(lanes² log j) before.
  func item(_ j: Int) -> (lane: Int, start: Double) {
    guard stride > 0 else { return (flatLane, next[flatLane]) }
    if let (start, before) = levelStart(of: j) {
      // Item j is the (j − before)-th of the terms equal to its start, in lane order.
      var tie = j - before
      for l in 0..<next.count {
        let equal =
          countInLane(l, guess: start) { $0 <= start } - countInLane(l, guess: start) { $0 < start }
        if tie < equal { return (l, start) }
        tie -= equal
      }
    }
    for l in 0..<next.count {
      if let k = find(j, lane: l, in: 0...j) { return (l, term(l, k)) }
    }
    preconditionFailure("MasonryLayout: tail item \(j) is in no lane (count \(count))")
  }

  /// The start of item `j` and the number of items that start before it, when every lane takes
  /// items by then; `nil` otherwise.
  ///
  /// When every lane has started, the lanes hold `j` items together at about
  /// `level = (j × stride + Σ next) / lanes`, and item j starts within one stride below it: in
  /// each lane, one of the four terms around that level. The smallest candidate with more than
  /// `j` items at or before it, if at most `j` items start before it, is item j's start.
  ///
  /// - Complexity: O(lanes²).
  private func levelStart(of j: Int) -> (start: Double, before: Int)? {
    let lanes = next.count
    let level = (Double(j) * stride + next.reduce(0, +)) / Double(lanes)
    guard level.isFinite, next.allSatisfy({ $0 <= level - stride }) else { return nil }
    // Item j's start is the smallest term with more than j items at or before it.
    var best = Double.infinity
    for l in 0..<lanes {
      let guess = ((level - next[l]) / stride).rounded(.down)
      guard guess.isFinite, guess < Double(count) else { continue }
      let center = Int(guess)
      for k in max(0, center - 2)...min(count - 1, center + 1) {
        let v = term(l, k)
        if v >= best { break }
        if count(guess: v, { $0 <= v }) > j {
          best = v
          break
        }
      }
    }
    guard best.isFinite else { return nil }
    let before = count(guess: best) { $0 < best }
    if before <= j { return (best, before) }
    return nil
  }

  /// The term `k` of lane `l` in `range` whose rank is `j`, if there is one.
  private func find(_ j: Int, lane l: Int, in range: ClosedRange<Int>) -> Int? {
    guard !range.isEmpty, rank(l, range.lowerBound) <= j else { return nil }
    var (lo, hi) = (range.lowerBound, range.upperBound)
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if rank(l, mid) < j { lo = mid + 1 } else { hi = mid }
    }
    return rank(l, lo) == j ? lo : nil
  }

  /// The end of the longest lane once every tail item is placed, or `-infinity` without items:
  /// every tail item has the same extent, so the last one, which starts last, ends last.
  ///
  /// - Complexity: as ``item(_:)``.
  func maximumEnd() -> Double {
    guard count > 0 else { return -.infinity }
    return item(count - 1).start + extent
  }
}
