import CGtk4
import Reel
import ReelGtk

/// The headless mode: run `options.frames` frames on a simulated clock that advances 1/60 s per
/// frame (so the picture does not depend on real time), render the window's content to a PNG,
/// and quit. GTK's frame clock only paces the frames. A watchdog fails the run if frames stop
/// coming.
@MainActor
final class SnapshotRun {
  static let frameNanoseconds: Int64 = 1_000_000_000 / 60
  private var tick: TickCallback?
  private var frames = 0

  init(app: Application, window: Window, scene: DemoScene, path: String) {
    let wanted = options.frames
    let photos = scene.cards.preload()
    _ = photos
    tick = TickCallback(on: window.widget) { [unowned self] _ in
      // Frames count from when every photo is decoded, so the picture does not depend on how
      // fast the decoder threads ran.
      guard scene.cards.cachedPhotoCount == Palette.cards.count else { return true }
      guard frames < wanted else {
        // The last frame has been laid out and drawn: snapshot it.
        finish(app: app, window: window, scene: scene, path: path)
        return false
      }
      frames += 1
      if options.injectInput { Self.inject(frame: frames, into: scene) }
      scene.advance(to: ReelInstant(nanoseconds: Int64(frames) * Self.frameNanoseconds))
      // The adapter's conformance checks, every frame: a violation fails the run.
      let problems =
        scene.carousel.conformanceViolations().map { "carousel: \($0)" }
        + scene.list.conformanceViolations().map { "list: \($0)" }
      if !problems.isEmpty {
        printError("gtk-demo: frame \(frames): " + problems.joined(separator: "; "))
        app.quit(exitCode: 3)
        return false
      }
      return true
    }
    // A minute more than the frames need at 30 fps means the frame clock is not running.
    let watchdog: GSourceFunc = { _ in
      printError("gtk-demo: the frame clock stopped before the frame count; no snapshot")
      exit(2)
    }
    g_timeout_add_seconds(UInt32(60 + wanted / 30), watchdog, nil)
  }

  /// `--inject`: synthetic input through the adapter's handlers, on the simulated clock:
  /// one wheel step down on the list per frame for frames 10 to 49 (1,600 points), a
  /// 300-point drag to the left on the carousel over frames 20 to 26, then released, and a
  /// click on the list's first visible row at frame 100 (selected and highlighted).
  private static func inject(frame: Int, into scene: DemoScene) {
    let milliseconds = UInt32(Int64(frame) * frameNanoseconds / 1_000_000)
    if (10..<50).contains(frame) {
      scene.list.handleScroll(ScrollEvent(dx: 0, dy: 1, timeMilliseconds: milliseconds))
    }
    if frame == 100 {
      for phase in [DragEvent.Phase.began, .ended] {
        scene.list.handleDrag(
          DragEvent(phase: phase, startX: 100, startY: 30, timeMilliseconds: milliseconds))
      }
    }
    let dragFrames = 20...26
    guard dragFrames.contains(frame) else { return }
    let offset = -50.0 * Double(frame - dragFrames.lowerBound)
    let phase: DragEvent.Phase =
      frame == dragFrames.lowerBound
      ? .began : frame == dragFrames.upperBound ? .ended : .changed
    scene.carousel.handleDrag(
      DragEvent(
        phase: phase, startX: 600, startY: 100, offsetX: offset, timeMilliseconds: milliseconds))
  }

  private func finish(app: Application, window: Window, scene: DemoScene, path: String) {
    do {
      let texture = try WidgetSnapshot.render(window.widget, in: window)
      try texture.savePNG(to: path)
      let seconds = Double(frames) / 60
      print(
        "gtk-demo: \(frames) frames (\(seconds) s simulated), page \(scene.carousel.model.currentPage ?? -1), "
          + "\(scene.carousel.attachedWidgetCount) card and \(scene.list.attachedWidgetCount) row "
          + "widgets; list offset \(Int(scene.list.model.contentOffset.rounded())), first row "
          + "\(scene.list.model.visibleIndices.first ?? -1), selected \(scene.list.selectedIndex ?? -1); "
          + "wrote \(path) (\(texture.width)x\(texture.height))")
      app.quit()
    } catch {
      printError("gtk-demo: snapshot failed: \(error)")
      app.quit(exitCode: 1)
    }
  }
}
