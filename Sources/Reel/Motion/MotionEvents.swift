/// Events collected during a tick or pass and delivered after it.
struct MotionEvents: OptionSet {
  let rawValue: UInt8
  static let didScroll = MotionEvents(rawValue: 1)
  static let didEndDecelerating = MotionEvents(rawValue: 2)
  static let didEndScrollingAnimation = MotionEvents(rawValue: 4)
}
