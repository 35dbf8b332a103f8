import Reel
import Testing

@testable import ReelTerminal

/// A scene that counts ticks and draws the time and its size.
private final class ClockScene: TerminalScene {
  var isFinished = false
  var needsFrames: Bool { false }
  var nextDeadline: ReelInstant? { nil }
  var size = TerminalSize(columns: 0, rows: 0)
  var ticks = 0
  var events: [InputEvent] = []

  func layout(for size: TerminalSize) { self.size = size }
  func handle(_ event: InputEvent, at time: ReelInstant) { events.append(event) }
  func tick(_ now: ReelInstant) { ticks += 1 }
  func draw(into screen: inout ScreenBuffer, info: TerminalFrameInfo) {
    screen.clear()
    screen.drawText(
      "t=\(info.time.nanoseconds / 1_000_000)ms #\(info.frameNumber)", in: screen.bounds)
  }
}

@Suite struct TerminalAppTests {
  @Test func renderFramesTicksBetweenFramesOnASimulatedClock() {
    let scene = ClockScene()
    var scripted: [Int] = []
    let frames = TerminalApp.renderFrames(
      scene, size: TerminalSize(columns: 20, rows: 2), count: 3, interval: .milliseconds(100),
      tickInterval: .milliseconds(10)
    ) { scripted.append($0) }
    #expect(frames.count == 3)
    #expect(scene.size == TerminalSize(columns: 20, rows: 2))
    #expect(
      frames.map { $0.textLines[0] } == [
        "t=0ms #0            ", "t=100ms #1          ", "t=200ms #2          ",
      ])
    #expect(scripted == [0, 1, 2])
    // One tick per frame, plus nine in-between ticks for each of the two later frames.
    #expect(scene.ticks == 3 + 2 * 9)
  }

  @Test func timeoutsRoundUpAndNeverGoNegative() {
    let now = ReelInstant(seconds: 1)
    #expect(TerminalApp.milliseconds(until: now.advanced(by: .microseconds(1500)), from: now) == 2)
    #expect(TerminalApp.milliseconds(until: now.advanced(by: .milliseconds(-5)), from: now) == 0)
    #expect(TerminalApp.milliseconds(until: now, from: now) == 0)
  }
}
