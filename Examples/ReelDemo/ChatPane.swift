import Reel
import ReelTerminal

/// The chat pane (`t`, or `--chat`): a log of messages anchored at its end. It opens at the
/// newest message; a message arrives every ``interval`` of the demo clock, and every third one
/// streams in word by word (the last message grows and is measured again). While the list
/// rests at its end it follows; scrolled up (arrows, PgUp, the wheel) it stays still and counts
/// the messages below (``newBelowHint``); End goes back to the newest and follows again.
///
/// The chat advances only while it shows: hidden, it pauses.
final class ChatPane: VirtualListDataSource {
  /// The messages already there when the pane first shows.
  static let history = 40

  let list: VirtualList<ChatCell>
  private(set) var renderer = TerminalListRenderer(
    region: CellRect(x: 0, y: 0, width: 0, height: 0), background: Theme.dark.plain)
  private(set) var messages: [ChatMessage]
  /// The time between messages (after a streamed one completes).
  let interval: Duration
  /// The time between the words of a streamed message.
  let wordInterval: Duration
  private var nextArrival: ReelInstant?
  private var nextWord: ReelInstant?

  /// Creates the pane with ``history`` complete messages.
  ///
  /// - Precondition: both intervals are > 0.
  init(interval: Duration = .milliseconds(400), wordInterval: Duration = .milliseconds(120)) {
    precondition(
      interval > .zero && wordInterval > .zero,
      "ChatPane(interval:wordInterval:): the intervals must be > 0, got \(interval) and "
        + "\(wordInterval)")
    self.interval = interval
    self.wordInterval = wordInterval
    messages = (1...Self.history).map { number in
      var message = ChatMessage(number: number)
      message.shown = message.words.count
      return message
    }
    list = VirtualList(layout: VariableLayout(estimatedExtent: 1), axis: .vertical)
    list.register("message", capacity: 8) { ChatCell() }
    list.anchoring = .end
    list.dataSource = self
  }

  /// Places the list on screen; at a new width every message is measured again, so that no
  /// height is an estimate when the user scrolls up (an estimate corrected on display would
  /// move the lines under a scroll).
  func setRegion(_ region: CellRect) {
    let widthChanged = region.width != renderer.region.width
    renderer.region = region
    list.viewportSize = renderer.viewportSize
    if widthChanged {
      for index in messages.indices { measure(index) }
    }
  }

  /// The columns a message's text wraps at: the region less a column each side.
  private var textWidth: Int { max(4, renderer.region.width - 2) }

  /// When the next message or word is due.
  var nextDeadline: ReelInstant? { [nextArrival, nextWord].compactMap { $0 }.min() }

  /// Advances the chat to `now`: at most one word or one message per call (after a pause the
  /// chat resumes at its pace instead of catching up in a burst), then measures what shows.
  func tick(_ now: ReelInstant) {
    if let word = nextWord {
      if now >= word { grow(now: now, due: word) }
    } else if let arrival = nextArrival {
      if now >= arrival { append(now: now, due: arrival) }
    } else {
      nextArrival = now.advanced(by: interval)
    }
    list.tick(now)
    measureDisplayedRows()
  }

  /// `due` plus `step`, or `now` plus `step` when that is already past.
  private func next(after due: ReelInstant, step: Duration, now: ReelInstant) -> ReelInstant {
    let next = due.advanced(by: step)
    return next > now ? next : now.advanced(by: step)
  }

  private func append(now: ReelInstant, due: ReelInstant) {
    messages.append(ChatMessage(number: messages.count + 1))
    let last = messages.count - 1
    do {
      try list.performBatchUpdates { $0.insert(at: last) }
    } catch {
      preconditionFailure("ChatPane: the list rejected an append: \(error)")
    }
    if messages[last].isStreaming {
      nextArrival = nil
      nextWord = next(after: due, step: wordInterval, now: now)
    } else {
      nextArrival = next(after: due, step: interval, now: now)
    }
  }

  private func grow(now: ReelInstant, due: ReelInstant) {
    let last = messages.count - 1
    messages[last].shown += 1
    if messages[last].isStreaming {
      nextWord = next(after: due, step: wordInterval, now: now)
    } else {
      nextWord = nil
      nextArrival = next(after: due, step: interval, now: now)
    }
  }

  /// Tells the list the message's height at the current width.
  private func measure(_ index: Int) {
    list.setMeasuredExtent(
      Double(messages[index].lines(width: textWidth).count), forItemAt: index)
  }

  /// Measures the displayed messages whose height differs (first display, a new width), a
  /// round's messages in one batch.
  func measureDisplayedRows() {
    for _ in 0..<8 {
      var changed = false
      list.measure { batch in
        for placement in list.placements {
          let extent = Double(messages[placement.index].lines(width: textWidth).count)
          if placement.frame.height != extent {
            batch.setExtent(extent, forItemAt: placement.index)
            changed = true
          }
        }
      }
      if !changed { return }
    }
  }

  /// Jumps to the newest message (End), where the chat follows again. A jump, not an animated
  /// scroll: an animated one aims at the end as it is when it starts and would land short of
  /// messages that arrive or grow on the way.
  func jumpToLatest() {
    list.scrollToEnd(animated: false)
  }

  /// "3 new ↓ · End jumps to the latest" while messages arrived below a list scrolled up, else `nil`.
  var newBelowHint: String? {
    let count = list.newItemsBelow
    return count > 0 ? "\(count) new ↓ · End jumps to the latest" : nil
  }

  /// The status line's part: "43 messages · following" or "… · scrolled up".
  var statusDescription: String {
    "\(DemoRows.grouped(messages.count)) messages · "
      + (list.isFollowingEnd ? "following" : "scrolled up")
  }

  /// Draws the displayed messages: the prefix in an accent colour, a cursor after a message
  /// still streaming.
  func draw(into screen: inout ScreenBuffer, theme: Theme) {
    renderer.background = theme.plain
    let width = textWidth
    let last = messages.count - 1
    renderer.draw(list, into: &screen) { placement, rect, screen in
      let message = messages[placement.index]
      let lines = message.lines(width: width)
      let accent = TextStyle(
        foreground: theme.readable(
          theme.accent(DemoRows.hue(message.number)), on: theme.background),
        background: theme.background,
        bold: true)
      for (offset, line) in lines.enumerated() {
        let row = CellRect(x: rect.x + 1, y: rect.y + offset, width: width, height: 1)
        screen.drawText(line, in: row, style: theme.plain)
        if offset == 0 { screen.drawText(message.prefix, in: row, style: accent) }
      }
      if placement.index == last, message.isStreaming, let tail = lines.last {
        let x = rect.x + 1 + DisplayWidth.of(tail)
        if x < rect.maxX {
          screen.set(ScreenCell("▍", style: theme.dim), x: x, y: rect.y + lines.count - 1)
        }
      }
    }
  }

  // MARK: VirtualListDataSource

  func numberOfItems(in list: VirtualList<ChatCell>) -> Int { messages.count }

  func virtualList(_ list: VirtualList<ChatCell>, cellForItemAt index: Int) -> ChatCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "message", for: index)
    cell.number = messages[index].number
    return cell
  }
}

/// A chat message's cell: the pane draws the message from its data by index.
final class ChatCell: ReusableCell {
  /// The message's number, for debugging and hit tests.
  var number = 0
}
