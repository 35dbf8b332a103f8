/// A binary indexed tree of non-negative `Double` values with prefix sums and searches.
///
/// Stores exactly one `Double` per element. Built in O(n); point updates, prefix sums, point
/// reads and searches are O(log n).
@usableFromInline
internal struct FenwickTree: Sendable {
  /// One-based storage; `tree[0]` is unused.
  @usableFromInline internal var tree: ContiguousArray<Double>
  /// The highest power of two not above the count, for binary lifting.
  @usableFromInline internal var topStep: Int

  /// Builds a tree over the values in O(n).
  @usableFromInline
  init(_ values: some Collection<Double>) {
    var tree = ContiguousArray<Double>()
    tree.reserveCapacity(values.count + 1)
    tree.append(0)
    tree.append(contentsOf: values)
    let n = tree.count - 1
    if n > 0 {
      for i in 1...n {
        let j = i + (i & -i)
        if j <= n { tree[j] += tree[i] }
      }
    }
    self.tree = tree
    var step = 1
    while step * 2 <= n { step *= 2 }
    topStep = n == 0 ? 0 : step
  }

  /// The number of elements.
  @inlinable var count: Int { tree.count - 1 }

  /// The sum of the first `n` elements.
  @inlinable
  func prefix(_ n: Int) -> Double {
    var i = n
    var sum = 0.0
    while i > 0 {
      sum += tree[i]
      i &= i - 1
    }
    return sum
  }

  /// The element at a zero-based index.
  @inlinable
  func value(at index: Int) -> Double {
    // The node of i + 1 covers (i + 1 - lowbit, i + 1]; subtract the children below it.
    var i = index + 1
    var value = tree[i]
    let stop = i - (i & -i)
    i -= 1
    while i > stop {
      value -= tree[i]
      i &= i - 1
    }
    return value
  }

  /// Adds `delta` to the element at a zero-based index.
  @inlinable
  mutating func add(_ delta: Double, at index: Int) {
    var i = index + 1
    let n = count
    while i <= n {
      tree[i] += delta
      i += i & -i
    }
  }

  /// The largest `k` in `0...count` with `prefix(k) + k · perElement ≤ limit` (or `<` when
  /// `strict`), for non-negative elements and `perElement`.
  @inlinable
  func search(_ limit: Double, perElement: Double, strict: Bool) -> Int {
    var position = 0
    var remaining = limit
    var step = topStep
    let n = count
    while step > 0 {
      let next = position + step
      if next <= n {
        let weight = tree[next] + Double(step) * perElement
        if strict ? weight < remaining : weight <= remaining {
          position = next
          remaining -= weight
        }
      }
      step >>= 1
    }
    return position
  }

  /// All elements, in O(n).
  func values() -> [Double] {
    var copy = tree
    let n = count
    if n > 0 {
      for i in stride(from: n, through: 1, by: -1) {
        let j = i + (i & -i)
        if j <= n { copy[j] -= copy[i] }
      }
    }
    return Array(copy.dropFirst())
  }
}
