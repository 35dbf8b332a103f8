import Testing

/// Checks that a process that exited (an exit test) wrote every fragment to its standard error,
/// so a test of a precondition passes only for that precondition's message, never for another
/// trap (a bounds check, an overflow) that also exits with a failure.
///
/// Observe the standard error when you expect the exit:
///
/// ```swift
/// let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
///   _ = PagingLayout(threshold: 2)
/// }
/// expectMessage(result, "PagingLayout: threshold must be in 0...1, got 2.0")
/// ```
///
/// Does nothing when `result` is `nil`: the exit expectation itself failed and said so.
///
/// - Complexity: O(n × k) for n bytes of standard error and k fragments.
public func expectMessage(
  _ result: ExitTest.Result?, _ fragments: String...,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }
  let text = String(decoding: result.standardErrorContent, as: UTF8.self)
  for fragment in fragments {
    #expect(
      text.contains(fragment), "standard error lacks \"\(fragment)\":\n\(text)",
      sourceLocation: sourceLocation)
  }
}
