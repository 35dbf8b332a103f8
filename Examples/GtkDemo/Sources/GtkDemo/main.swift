// gtk-demo: the GTK 4 frontend demo. Interactive by default; `--snapshot` renders headlessly.
import CGtk4
import Reel
import ReelGtk

// Line-buffered standard output, so "selected item N" reaches a pipe or file at once.
reel_line_buffer_stdout()

let options: Options
do {
  options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as Options.UsageError {
  if !error.message.isEmpty { printError("gtk-demo: \(error.message)") }
  printError(Options.usage)
  exit(error.message.isEmpty ? 0 : 64)
}

/// Runs the demo; returns the process exit status.
@MainActor
func runDemo() -> Int32 {
  let app = Application(id: "org.reel.GtkDemo")
  var keepAlive: [AnyObject] = []
  let status = app.run { app in
    StyleSheet.install(Palette.css)
    let window = Window(
      application: app, title: "Reel GTK demo", width: options.width, height: options.height)
    let scene = DemoScene(
      resources: options.resources, clock: options.snapshotPath == nil ? .frameClock : .manual)
    gtk_window_set_titlebar(reel_gtk_window(window.widget.raw), scene.header.pointer)
    window.setContent(scene.root)
    keepAlive.append(scene)
    InteractiveRun.attach(scene: scene, trace: options.trace)
    if let path = options.snapshotPath {
      keepAlive.append(SnapshotRun(app: app, window: window, scene: scene, path: path))
    } else if let seconds = options.measureIdleSeconds {
      keepAlive.append(IdleMeasurement(app: app, scene: scene, seconds: seconds))
    } else if let (seconds, path) = options.screenshot {
      keepAlive.append(
        LiveScreenshot(app: app, window: window, scene: scene, seconds: seconds, path: path))
    }
    window.present()
    scene.list.widget.grabFocus()
  }
  withExtendedLifetime(keepAlive) {}
  return status
}

if options.checkContacts {
  let failures = ContactChecks.run()
  print("check-contacts: \(failures) failed")
  exit(failures == 0 ? 0 : 1)
}
exit(MainActor.assumeIsolated { runDemo() })
