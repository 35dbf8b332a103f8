/// A least-recently-used cache bounded by a total cost and, optionally, an entry count.
///
/// Entries live in an array-backed doubly linked list ordered from most to least recently used,
/// with a dictionary from key to slot, so lookups, insertions and evictions are O(1). Freed slots
/// are reused, so a cache that stays full does not allocate.
///
/// ```swift
/// var cache = LRUCache<String, [UInt8]>(costLimit: 1_000)
/// cache.insert(bytes, forKey: "a", cost: bytes.count)
/// cache.value(forKey: "a")  // a hit, and "a" becomes the most recently used
/// ```
struct LRUCache<Key: Hashable, Value> {
  private struct Node {
    var key: Key
    var value: Value?
    var cost: Int
    var newer: Int
    var older: Int
  }

  /// The largest total cost kept; inserting beyond it evicts least recently used entries.
  let costLimit: Int
  /// The largest number of entries kept, or `nil` for no limit.
  let countLimit: Int?
  /// The sum of the costs of the entries held.
  private(set) var totalCost = 0

  private var nodes: [Node] = []
  private var freeSlots: [Int] = []
  private var slots: [Key: Int] = [:]
  private var newest = -1
  private var oldest = -1

  /// Creates an empty cache.
  ///
  /// - Precondition: `costLimit >= 0` and `countLimit`, if given, is `>= 0`.
  init(costLimit: Int, countLimit: Int? = nil) {
    precondition(costLimit >= 0, "LRUCache costLimit must not be negative, got \(costLimit)")
    precondition((countLimit ?? 0) >= 0, "LRUCache countLimit must not be negative")
    self.costLimit = costLimit
    self.countLimit = countLimit
  }

  /// The number of entries held.
  var count: Int { slots.count }

  /// Whether `key` is held, without changing its recency.
  ///
  /// - Complexity: O(1) on average.
  func contains(_ key: Key) -> Bool { slots[key] != nil }

  /// The keys from most to least recently used.
  ///
  /// - Complexity: O(count).
  var keysByRecency: [Key] {
    var keys: [Key] = []
    var slot = newest
    while slot >= 0 {
      keys.append(nodes[slot].key)
      slot = nodes[slot].older
    }
    return keys
  }

  /// The value for `key`, marking it most recently used; `nil` on a miss.
  ///
  /// - Complexity: O(1) on average.
  mutating func value(forKey key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    unlink(slot)
    linkAsNewest(slot)
    return nodes[slot].value
  }

  /// Stores `value` as the most recently used entry, replacing any value for `key`, then evicts
  /// least recently used entries until both limits hold.
  ///
  /// A value whose cost alone exceeds ``costLimit`` is not stored (and any old value for `key` is
  /// removed), so one huge image cannot flush the whole cache.
  ///
  /// Returns the keys that are no longer held because of this insertion: the evicted ones, and
  /// `key` itself when it was not stored. The disk cache deletes their files.
  ///
  /// - Precondition: `cost >= 0`.
  /// - Complexity: O(1) on average, plus O(1) per evicted entry.
  @discardableResult
  mutating func insert(_ value: Value, forKey key: Key, cost: Int) -> [Key] {
    precondition(cost >= 0, "LRUCache entry cost must not be negative, got \(cost)")
    removeValue(forKey: key)
    guard cost <= costLimit, countLimit != 0 else { return [key] }
    let node = Node(key: key, value: value, cost: cost, newer: -1, older: -1)
    let slot: Int
    if let free = freeSlots.popLast() {
      nodes[free] = node
      slot = free
    } else {
      nodes.append(node)
      slot = nodes.count - 1
    }
    slots[key] = slot
    totalCost += cost
    linkAsNewest(slot)
    var evicted: [Key] = []
    while totalCost > costLimit || count > (countLimit ?? .max) {
      let victim = nodes[oldest].key
      evicted.append(victim)
      removeValue(forKey: victim)
    }
    return evicted
  }

  /// Removes the entry for `key`, if any.
  ///
  /// - Complexity: O(1) on average.
  mutating func removeValue(forKey key: Key) {
    guard let slot = slots.removeValue(forKey: key) else { return }
    unlink(slot)
    totalCost -= nodes[slot].cost
    nodes[slot].value = nil
    freeSlots.append(slot)
  }

  /// Removes every entry.
  ///
  /// - Complexity: O(count).
  mutating func removeAll() {
    self = LRUCache(costLimit: costLimit, countLimit: countLimit)
  }

  private mutating func unlink(_ slot: Int) {
    let (newer, older) = (nodes[slot].newer, nodes[slot].older)
    if newer >= 0 { nodes[newer].older = older } else { newest = older }
    if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    nodes[slot].newer = -1
    nodes[slot].older = -1
  }

  private mutating func linkAsNewest(_ slot: Int) {
    nodes[slot].older = newest
    nodes[slot].newer = -1
    if newest >= 0 { nodes[newest].newer = slot } else { oldest = slot }
    newest = slot
  }
}
