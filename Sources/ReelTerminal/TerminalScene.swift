import Reel

/// An application's content for ``TerminalApp``: it takes input and time, says whether it
/// still moves, and draws itself into a screen buffer.
///
/// ```swift
/// final class Hello: TerminalScene {
///   var isFinished = false
///   var needsFrames: Bool { false }
///   var nextDeadline: ReelInstant? { nil }
///   func layout(for size: TerminalSize) {}
///   func handle(_ event: InputEvent, at time: ReelInstant) {
///     if case .key(let key) = event, key.key == .character("q") { isFinished = true }
///   }
///   func tick(_ now: ReelInstant) {}
///   func draw(into screen: inout ScreenBuffer, info: TerminalFrameInfo) {
///     screen.drawText("Hello (q quits)", in: screen.bounds)
///   }
/// }
/// ```
public protocol TerminalScene: AnyObject {
  /// The terminal's colour depth and background, once, before the first ``layout(for:)``;
  /// the place to choose a light or dark palette. Optional: does nothing by default.
  func start(in terminal: TerminalCapabilities)
  /// Whether the application should stop; the loop checks it after every batch of events.
  var isFinished: Bool { get }
  /// Whether something moves and the loop should keep drawing frames at its frame rate.
  var needsFrames: Bool { get }
  /// The next instant the scene needs a frame without input (an autoplay step, a wheel settle),
  /// or `nil`; the loop sleeps until then when ``needsFrames`` is `false`.
  var nextDeadline: ReelInstant? { get }
  /// The terminal has this size now: lay out the regions (called before the first frame and
  /// after every resize).
  func layout(for size: TerminalSize)
  /// One input event, with the frame clock's time.
  func handle(_ event: InputEvent, at time: ReelInstant)
  /// Advances motion to `now`; called once per frame before ``draw(into:info:)``.
  func tick(_ now: ReelInstant)
  /// Draws the whole frame into `screen`, which has the size last given to
  /// ``layout(for:)`` and still holds the previous frame.
  func draw(into screen: inout ScreenBuffer, info: TerminalFrameInfo)
}

extension TerminalScene {
  /// Does nothing: a scene that does not adapt to the terminal need not implement it.
  public func start(in terminal: TerminalCapabilities) {}
}
