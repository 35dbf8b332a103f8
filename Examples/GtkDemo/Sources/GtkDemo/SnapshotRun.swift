import CGtk4
import ReelGtk

/// The headless mode: let the frame clock tick `options.frames` times, render the window's
/// content to a PNG, and quit. A watchdog fails the run if frames stop coming.
@MainActor
final class SnapshotRun {
  private var tick: TickCallback?
  private var frames = 0
  private var firstFrameTime: Int64 = 0

  init(app: Application, window: Window, scene: DemoScene, path: String) {
    let wanted = options.frames
    tick = TickCallback(on: window.widget) { [unowned self] tick in
      if frames == 0 { firstFrameTime = tick.frameTimeMicroseconds }
      frames += 1
      scene.layoutIfResized()
      guard frames > wanted else { return true }
      // The frame before this one has been laid out and drawn: snapshot it.
      finish(app: app, window: window, scene: scene, path: path, tick: tick)
      return false
    }
    // Ten seconds more than the frames need at 30 fps means the frame clock is not running.
    let watchdog: GSourceFunc = { _ in
      printError("gtk-demo: the frame clock stopped before the frame count; no snapshot")
      exit(2)
    }
    g_timeout_add_seconds(UInt32(10 + wanted / 30), watchdog, nil)
  }

  private func finish(
    app: Application, window: Window, scene: DemoScene, path: String, tick: FrameTick
  ) {
    do {
      let texture = try WidgetSnapshot.render(scene.root.widget, in: window)
      try texture.savePNG(to: path)
      let elapsed = Double(tick.frameTimeMicroseconds - firstFrameTime) / 1000
      print(
        "gtk-demo: \(frames - 1) frames over \(elapsed) ms; wrote \(path) "
          + "(\(texture.width)x\(texture.height))")
      app.quit()
    } catch {
      printError("gtk-demo: snapshot failed: \(error)")
      app.quit(exitCode: 1)
    }
  }
}
