import Foundation
import Reel
import Testing

/// The examples of the "Chat and log lists" and "Saving scroll state" guides, compiled and run:
/// the code between the `// guide:` markers is the guides' code, word for word.
@Suite struct ChatAndStateGuideTests {
  final class Bubble: ReusableCell {
    var text = ""
    func prepareForReuse() { text = "" }
  }

  /// A chat's messages: identities are the message ids (strings), so saved states keep them.
  final class Messages: VirtualListDataSource {
    var texts: [(id: String, text: String)] = []

    func numberOfItems(in list: VirtualList<Bubble>) -> Int { texts.count }

    func virtualList(_ list: VirtualList<Bubble>, cellForItemAt index: Int) -> Bubble {
      let cell = list.dequeueReusableCell(withReuseIdentifier: "bubble", for: index)
      cell.text = texts[index].text
      return cell
    }

    func virtualList(_ list: VirtualList<Bubble>, identifierForItemAt index: Int) -> AnyHashable? {
      texts[index].id
    }

    func virtualList(_ list: VirtualList<Bubble>, indexForItemWithIdentifier id: AnyHashable)
      -> Int?
    {
      texts.firstIndex { AnyHashable($0.id) == id }
    }
  }

  /// A text's height: 20 points per started line of 40 characters.
  static func height(of cell: Bubble) -> Double { Double((cell.text.count + 39) / 40 * 20) }

  @Test func chatAndLogLists() throws {
    let messages = Messages()
    messages.texts = (0..<50).map { ("id\($0)", String(repeating: "a", count: 10 + $0 * 7)) }
    func height(of cell: Bubble) -> Double { Self.height(of: cell) }
    var button = ""
    // guide: chat
    let chat = VirtualList<Bubble>(layout: VariableLayout(estimatedExtent: 60))
    chat.anchoring = .end  // opens at the newest message, follows new ones
    chat.register("bubble") { Bubble() }
    chat.dataSource = messages
    chat.viewportSize = Size(width: 390, height: 700)

    // Every frame, after drawing: measure what is shown, in one batch. At the end, the end
    // stays put.
    chat.measure { batch in
      for placement in chat.placements {
        batch.setExtent(height(of: placement.cell), forItemAt: placement.index)
      }
    }

    // A message arrives.
    messages.texts.append((id: "id50", text: "hello"))
    try chat.performBatchUpdates { $0.insert(at: messages.texts.count - 1) }

    // The jump-to-latest button.
    button = chat.newItemsBelow > 0 ? "\(chat.newItemsBelow) new ↓" : ""
    // guide: end
    #expect(chat.isFollowingEnd)
    #expect(button == "")
    #expect(chat.placements.last?.frame.maxY == 700)

    chat.contentOffset -= 500  // the user scrolled up
    messages.texts.append((id: "id51", text: "are you there?"))
    try chat.performBatchUpdates { $0.insert(at: messages.texts.count - 1) }
    button = chat.newItemsBelow > 0 ? "\(chat.newItemsBelow) new ↓" : ""
    #expect(button == "1 new ↓")
    // guide: jump
    chat.scrollToEnd(animated: false)  // the button's action
    // guide: end
    #expect(chat.newItemsBelow == 0)
    #expect(chat.placements.last?.frame.maxY == 700)
  }

  @Test func savingScrollState() throws {
    let messages = Messages()
    messages.texts = (0..<300).map { ("id\($0)", String(repeating: "b", count: 5 + $0 % 90)) }
    let list = VirtualList<Bubble>(layout: VariableLayout(estimatedExtent: 60))
    list.register("bubble") { Bubble() }
    list.dataSource = messages
    list.viewportSize = Size(width: 390, height: 700)
    list.contentOffset = 4_000
    for placement in list.placements {
      list.setMeasuredExtent(Self.height(of: placement.cell), forItemAt: placement.index)
    }
    let before = list.placements.map(\.frame)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("reel-guide-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    // guide: save
    try JSONEncoder().encode(list.scrollState).write(to: url)
    // guide: end
    let restored = VirtualList<Bubble>(layout: VariableLayout(estimatedExtent: 60))
    restored.register("bubble") { Bubble() }
    restored.dataSource = messages
    restored.viewportSize = Size(width: 390, height: 700)
    var fellBack = false
    // guide: restore
    // After a restart, once the data source and the viewport are set:
    do {
      let saved = try JSONDecoder().decode(ScrollState.self, from: Data(contentsOf: url))
      try restored.restoreScrollState(saved)
    } catch {
      fellBack = true  // another kind of list, or an unreadable file: the list is at its top
    }
    // guide: end
    #expect(!fellBack)
    #expect(restored.placements.map(\.frame) == before)
    // guide: fonts
    restored.invalidateMeasurements()  // fonts changed: measure again, the anchor stays put
    // guide: end
    let layout = try #require(restored.layout as? VariableLayout)
    #expect(layout.measuredExtents.runs.count == 1)
  }
}
