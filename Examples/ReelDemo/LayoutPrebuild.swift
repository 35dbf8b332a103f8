import Dispatch
import Reel
import Synchronization

/// A `VariableLayout` for many items, prepared on a background thread.
///
/// Preparing one allocates and fills its extent tree, O(n): for the demo's million rows that is
/// half a second in a debug build, a visible freeze if done on the main thread when the user
/// switches axis. Prepared here for the final count, the layout only recomputes its cheap
/// per-viewport values when the list adopts it.
final class LayoutPrebuild: Sendable {
  private let result = Mutex<VariableLayout?>(nil)
  private let finished = DispatchGroup()

  /// Starts preparing a layout with `estimatedExtent` for `count` items along `axis`.
  init(estimatedExtent: Double, count: Int, axis: Axis) {
    finished.enter()
    DispatchQueue.global(qos: .utility).async { [self] in
      var layout = VariableLayout(estimatedExtent: estimatedExtent)
      layout.prepare(
        for: LayoutContext(
          count: count, viewportSize: Size(width: 0, height: 0), axis: axis, wrapping: .bounded))
      result.withLock { $0 = layout }
      finished.leave()
    }
  }

  /// The prepared layout (once: it is moved out), waiting for it if it is still being built.
  func take() -> VariableLayout? {
    finished.wait()
    return result.withLock { $0.take() }
  }
}
