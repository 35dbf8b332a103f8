/// Events collected during a tick or pass and delivered after it.
@usableFromInline
struct MotionEvents: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8
  @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }
  static let didScroll = MotionEvents(rawValue: 1)
  static let didEndDecelerating = MotionEvents(rawValue: 2)
  static let didEndScrollingAnimation = MotionEvents(rawValue: 4)
}
