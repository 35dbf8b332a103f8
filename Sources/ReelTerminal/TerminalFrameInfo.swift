import Reel

/// Figures about the frame being drawn and the ones before it, for a status line.
public struct TerminalFrameInfo: Hashable, Sendable {
  /// The frame clock's time of this frame.
  public var time: ReelInstant
  /// The number of frames drawn before this one.
  public var frameNumber: Int
  /// Frames drawn during the last second (0 while the application sleeps).
  public var framesPerSecond: Int
  /// The bytes written to the terminal for the previous frame.
  public var lastFrameBytes: Int
  /// The time the previous frame took to diff, in microseconds (write not included).
  public var lastDiffMicroseconds: Double

  /// Creates frame figures.
  ///
  /// - Complexity: O(1).
  public init(
    time: ReelInstant, frameNumber: Int = 0, framesPerSecond: Int = 0, lastFrameBytes: Int = 0,
    lastDiffMicroseconds: Double = 0
  ) {
    self.time = time
    self.frameNumber = frameNumber
    self.framesPerSecond = framesPerSecond
    self.lastFrameBytes = lastFrameBytes
    self.lastDiffMicroseconds = lastDiffMicroseconds
  }
}
