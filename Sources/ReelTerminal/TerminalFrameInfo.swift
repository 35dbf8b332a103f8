import Reel

/// Figures about the frame being drawn and the ones before it, for a status line.
public struct TerminalFrameInfo: Hashable, Sendable {
  /// The frame clock's time of this frame.
  public var time: ReelInstant
  /// The number of frames drawn before this one.
  public var frameNumber: Int
  /// The bytes written to the terminal for the previous frame.
  public var lastFrameBytes: Int
  /// How long the frames of the latest animation took to produce and write.
  public var frameTimes: FrameTimes

  /// Creates frame figures.
  ///
  /// - Complexity: O(1).
  public init(
    time: ReelInstant, frameNumber: Int = 0, lastFrameBytes: Int = 0,
    frameTimes: FrameTimes = FrameTimes()
  ) {
    self.time = time
    self.frameNumber = frameNumber
    self.lastFrameBytes = lastFrameBytes
    self.frameTimes = frameTimes
  }

  /// The time each frame of one animation took from the start of its tick to the end of its
  /// write to the terminal: what decides whether the frames keep up with the frame interval
  /// (16.7 ms at 60 Hz). Idle time between frames does not count.
  ///
  /// An animation is a run of frames drawn while the scene ``TerminalScene/needsFrames``;
  /// ``TerminalApp`` starts a new one when the scene moves again after a rest, and keeps the
  /// figures of the latest one while the scene rests.
  public struct FrameTimes: Hashable, Sendable {
    /// The number of frames measured.
    public var count: Int
    /// The median frame time in seconds (0 without frames).
    public var median: Double
    /// The longest frame time in seconds (0 without frames).
    public var worst: Double

    /// Creates frame-time figures.
    ///
    /// - Complexity: O(1).
    public init(count: Int = 0, median: Double = 0, worst: Double = 0) {
      self.count = count
      self.median = median
      self.worst = worst
    }
  }
}
