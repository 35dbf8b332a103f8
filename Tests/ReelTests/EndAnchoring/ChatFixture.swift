import Reel
import ReelTesting

/// A chat list: string messages with identities in a measured layout, anchored at the end, and a
/// model of the true sizes a frontend measures (seeded).
final class Chat {
  let source: ArrayDataSource<String>
  let list: VirtualList<RecordingCell>
  /// The true extent of each message, by data index.
  var sizes: [Double]
  var rng: SplitMix64
  let seed: UInt64
  var serial: Int

  init(count: Int, seed: UInt64 = 7, viewport: Double = 480, anchoring: ContentAnchoring = .end) {
    self.seed = seed
    rng = SplitMix64(seed: seed)
    serial = count
    source = ArrayDataSource(items: (0..<count).map { "m\($0)" })
    sizes = []
    list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50))
    for _ in 0..<count { sizes.append(randomSize()) }
    list.anchoring = anchoring
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: viewport)
    measureDisplayed()
  }

  func randomSize() -> Double { Double(rng.int(in: 20...120)) }

  /// Measures the displayed items with their true sizes, as a frontend does after a pass.
  func measureDisplayed() {
    for _ in 0..<4 {
      let shown = list.placements.map(\.index)
      for index in shown { list.setMeasuredExtent(sizes[index], forItemAt: index) }
    }
    list.layoutIfNeeded()
  }

  /// Measures every item, so that two lists over the same messages have the same layout.
  func measureAll() {
    for index in sizes.indices { list.setMeasuredExtent(sizes[index], forItemAt: index) }
    list.layoutIfNeeded()
  }

  /// Appends one message at the end with a batch update.
  func append() throws {
    source.items.append("m\(serial)")
    serial += 1
    sizes.append(randomSize())
    source.itemsDidChange()
    try list.performBatchUpdates { $0.insert(at: source.items.count - 1) }
  }

  /// Prepends `k` older messages at the start.
  func prepend(_ k: Int) throws {
    let older = (0..<k).map { "old\(serial + $0)" }
    serial += k
    source.items.insert(contentsOf: older, at: 0)
    sizes.insert(contentsOf: (0..<k).map { _ in randomSize() }, at: 0)
    source.itemsDidChange()
    try list.performBatchUpdates { update in
      for i in 0..<k { update.insert(at: i) }
    }
  }

  /// Grows the last message by `delta` points (a message being streamed).
  func growLast(by delta: Double) {
    sizes[sizes.count - 1] += delta
    list.setMeasuredExtent(sizes[sizes.count - 1], forItemAt: sizes.count - 1)
  }

  /// The last item's end minus the viewport's end, from the placements (nil when not shown).
  var endDrift: Double? {
    let last = source.items.count - 1
    guard let placement = list.placements.first(where: { $0.index == last }) else { return nil }
    return placement.frame.maxY - list.viewportSize.height
  }

  /// The frame's top of the placement showing a message, if displayed.
  func top(of item: String) -> Double? {
    list.placements.first { $0.cell.identity == AnyHashable(item) }?.frame.minY
  }

  /// The first message fully or partly visible.
  var firstVisible: String {
    let index = list.visibleIndices.first!
    return source.items[index]
  }
}
