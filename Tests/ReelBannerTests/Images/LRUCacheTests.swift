import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct LRUCacheTests {
  @Test func hitAndMiss() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    #expect(cache.value(forKey: "a") == nil)
    cache.insert(1, forKey: "a", cost: 3)
    #expect(cache.value(forKey: "a") == 1)
    #expect(cache.count == 1 && cache.totalCost == 3)
  }

  @Test func evictsLeastRecentlyUsedBeyondTheCostLimit() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    cache.insert(1, forKey: "a", cost: 4)
    cache.insert(2, forKey: "b", cost: 3)
    cache.insert(3, forKey: "c", cost: 3)
    #expect(cache.keysByRecency == ["c", "b", "a"])
    _ = cache.value(forKey: "a")  // "a" becomes the most recent; "b" is now the oldest
    cache.insert(4, forKey: "d", cost: 2)  // 12 > 10: "b" goes
    #expect(cache.keysByRecency == ["d", "a", "c"])
    #expect(cache.totalCost == 9)
    cache.insert(5, forKey: "e", cost: 6)  // 15: "c" then "a" go
    #expect(cache.keysByRecency == ["e", "d"])
    #expect(cache.totalCost == 8)
  }

  @Test func countLimitEvictsTooWhenGiven() {
    var cache = LRUCache<Int, Int>(costLimit: 1_000, countLimit: 2)
    for key in 0..<5 { cache.insert(key, forKey: key, cost: 1) }
    #expect(cache.keysByRecency == [4, 3])
  }

  @Test func replacingAnEntryUpdatesItsCost() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    cache.insert(1, forKey: "a", cost: 4)
    cache.insert(2, forKey: "a", cost: 7)
    #expect(cache.count == 1 && cache.totalCost == 7 && cache.value(forKey: "a") == 2)
  }

  @Test func anEntryCostlierThanTheLimitIsNotKept() {
    var cache = LRUCache<String, Int>(costLimit: 10)
    cache.insert(1, forKey: "a", cost: 5)
    cache.insert(2, forKey: "b", cost: 11)
    #expect(cache.keysByRecency == ["a"])
    cache.insert(3, forKey: "a", cost: 11)  // replacing with a too costly value drops the old one
    #expect(cache.count == 0 && cache.totalCost == 0)
  }

  @Test func removalAndReuseOfSlots() {
    var cache = LRUCache<Int, Int>(costLimit: 3)
    for key in 0..<100 { cache.insert(key, forKey: key, cost: 1) }
    #expect(cache.keysByRecency == [99, 98, 97])
    cache.removeValue(forKey: 98)
    #expect(cache.keysByRecency == [99, 97] && cache.totalCost == 2)
    cache.removeAll()
    #expect(cache.count == 0 && cache.totalCost == 0 && cache.keysByRecency.isEmpty)
  }

  @Test(arguments: 0..<10)
  func matchesAReferenceModel(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    var cache = LRUCache<Int, Int>(costLimit: 20, countLimit: 6)
    var model: [(key: Int, value: Int, cost: Int)] = []  // most recent first
    for step in 0..<500 {
      let key = Int.random(in: 0..<12, using: &random)
      if Bool.random(using: &random) {
        let value = step
        let cost = Int.random(in: 0...8, using: &random)
        cache.insert(value, forKey: key, cost: cost)
        model.removeAll { $0.key == key }
        model.insert((key, value, cost), at: 0)
        while model.reduce(0, { $0 + $1.cost }) > 20 || model.count > 6 { model.removeLast() }
      } else {
        let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
        if let expected { model.insert(expected, at: 0) }
        #expect(cache.value(forKey: key) == expected?.value, "seed \(seed) step \(step)")
      }
      #expect(cache.keysByRecency == model.map(\.key), "seed \(seed) step \(step)")
      #expect(cache.totalCost == model.reduce(0) { $0 + $1.cost }, "seed \(seed) step \(step)")
    }
  }
}
