import ReelTesting
import Testing

@testable import Reel

/// The layout a list lets go of may hold a user's reference whose `deinit` calls back into the
/// list. The list releases it once its state has taken the new layout, so the callback finds the
/// list whole.
@Suite struct UserValueReleaseTests {
  /// Runs `onRelease` when the last reference goes.
  final class ReleaseProbe: @unchecked Sendable {
    var onRelease: () -> Void = {}
    deinit { onRelease() }
  }

  /// The list's own checks, run from the replaced layout's `deinit` when `replacement` is
  /// assigned, or `nil` if the `deinit` did not run.
  func violationsSeenOnRelease(replacingWith replacement: any ListLayout) -> [String]? {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    var seen: [String]?
    do {
      let probe = ReleaseProbe()
      probe.onRelease = { [unowned list] in seen = list.invariantViolations(layingOut: false) }
      list.layout = OutsideWindowUpdateTests.Forwarding(
        inner: UniformLayout(extent: 30), held: probe)
    }
    list.layout = replacement
    return seen
  }

  @Test func aLayoutReplacedByAUniformOneIsReleasedAfterTheListTookIt() {
    #expect(violationsSeenOnRelease(replacingWith: UniformLayout(extent: 44)) == [])
  }

  @Test func aLayoutReplacedByAMeasuringOneIsReleasedAfterTheListTookIt() {
    let variable = VariableLayout(extents: Array(repeating: 20, count: 10), estimatedExtent: 50)
    #expect(violationsSeenOnRelease(replacingWith: variable) == [])
  }
}
