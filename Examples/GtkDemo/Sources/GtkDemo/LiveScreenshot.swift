import Reel
import ReelGtk

/// `--screenshot-after SECONDS OUT.png`: runs the interactive demo on GTK's real frame clock
/// (input works as usual) and, after the given time, writes the window's content as a PNG and
/// quits. Used for the README's screenshot of the demo as it runs.
@MainActor
final class LiveScreenshot {
  private var timeout: Timeout?

  init(app: Application, window: Window, scene: DemoScene, seconds: Double, path: String) {
    timeout = Timeout(milliseconds: Int(seconds * 1000)) {
      do {
        let texture = try WidgetSnapshot.render(window.widget, in: window)
        try texture.savePNG(to: path)
        print("gtk-demo: wrote \(path) after \(seconds) s (\(texture.width)x\(texture.height))")
        app.quit()
      } catch {
        printError("gtk-demo: screenshot failed: \(error)")
        app.quit(exitCode: 1)
      }
    }
  }
}
