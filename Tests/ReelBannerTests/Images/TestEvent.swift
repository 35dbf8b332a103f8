import ReelBanner

/// What the test doubles observed, in one log so a test can wait for "anything new".
enum TestEvent: Hashable, Sendable {
  case requested(ImageSource)
  case cancelled(ImageSource)
  case delivered
}
