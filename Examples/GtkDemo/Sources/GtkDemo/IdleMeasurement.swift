import CGtk4
import Reel
import ReelGtk

/// `--measure-idle SECONDS`: runs the interactive demo on GTK's frame clock for a while without
/// input and reports how many frames each view ran, to show that idle views stop ticking: the
/// list settles after its first frames, the carousel wakes only for autoplay.
@MainActor
final class IdleMeasurement {
  private var timeout: Timeout?

  init(app: Application, scene: DemoScene, seconds: Double) {
    timeout = Timeout(milliseconds: Int(seconds * 1000)) {
      let windowFrames = Int(seconds * 60)
      print(
        "idle: \(seconds) s, about \(windowFrames) display frames; "
          + "carousel ran \(scene.carousel.frameCount) frames (ticking: \(scene.carousel.isTicking), "
          + "waiting for a deadline: \(scene.carousel.isWaitingForDeadline)), "
          + "list ran \(scene.list.frameCount) frames (ticking: \(scene.list.isTicking)), "
          + "page \(scene.carousel.model.currentPage ?? -1)")
      app.quit()
    }
  }
}
