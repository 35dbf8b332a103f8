import ReelTerminal

/// One message of the chat pane: "#12 sierra: words words…", computed from its number, with
/// how many of its words show so far (a streamed message grows word by word).
struct ChatMessage: Equatable {
  /// The message's number, from 1.
  let number: Int
  let author: String
  let words: [String]
  /// The words shown so far; all of them once the message is complete.
  var shown: Int

  private static let authors = ["ana", "ben", "chen", "eva", "hugo", "maya", "omar", "priya"]

  private static let vocabulary = [
    "the", "build", "passed", "on", "all", "cores", "deploying", "canary", "to", "staging",
    "latency", "is", "flat", "cache", "warmed", "up", "retrying", "request", "after", "timeout",
    "rolled", "back", "shard", "seven", "healthy", "again", "queue", "drained",
  ]

  /// Message `number`: an author and 3 to 24 words from its hash; every third message (3, 6…)
  /// is streamed: it starts with one word.
  init(number: Int) {
    let hash = DemoRows.hash(number &* 7919)
    self.number = number
    author = Self.authors[Int(hash % UInt64(Self.authors.count))]
    let count = 3 + Int((hash >> 16) % 22)
    words = (0..<count).map { offset in
      Self.vocabulary[Int(DemoRows.hash(number &* 131 &+ offset) % UInt64(Self.vocabulary.count))]
    }
    shown = Self.streams(number) ? 1 : count
  }

  /// Whether message `number` arrives word by word.
  static func streams(_ number: Int) -> Bool { number % 3 == 0 }

  /// Whether words are still to come.
  var isStreaming: Bool { shown < words.count }

  /// The prefix before the text: "#12 Ana:".
  var prefix: String { "#\(number) \(author):" }

  /// The message wrapped to `width` columns: the prefix and the words shown, greedily by word,
  /// continuation lines indented by two columns; a word longer than a line is cut.
  ///
  /// - Complexity: O(words).
  func lines(width: Int) -> [String] {
    let width = max(4, width)
    var lines: [String] = []
    var line = prefix
    for word in words.prefix(shown) {
      if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = "  " + word
      }
    }
    lines.append(line)
    return lines
  }
}
