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
    tick = TickCallback(on: window.widget) { [unowned self] _ in
      guard frames < wanted else {
        // The last frame has been laid out and drawn: snapshot it.
        finish(app: app, window: window, scene: scene, path: path)
        return false
      }
      frames += 1
      scene.advance(to: ReelInstant(nanoseconds: Int64(frames) * Self.frameNanoseconds))
      return true
    }
    // Ten seconds more than the frames need at 30 fps means the frame clock is not running.
    let watchdog: GSourceFunc = { _ in
      printError("gtk-demo: the frame clock stopped before the frame count; no snapshot")
      exit(2)
    }
    g_timeout_add_seconds(UInt32(10 + wanted / 30), watchdog, nil)
  }

  private func finish(app: Application, window: Window, scene: DemoScene, path: String) {
    do {
      let texture = try WidgetSnapshot.render(scene.root.widget, in: window)
      try texture.savePNG(to: path)
      let seconds = Double(frames) / 60
      print(
        "gtk-demo: \(frames) frames (\(seconds) s simulated), page \(scene.carousel.model.currentPage), "
          + "\(scene.carousel.attachedWidgetCount) card and \(scene.list.attachedWidgetCount) row "
          + "widgets; wrote \(path) (\(texture.width)x\(texture.height))")
      app.quit()
    } catch {
      printError("gtk-demo: snapshot failed: \(error)")
      app.quit(exitCode: 1)
    }
  }
}
