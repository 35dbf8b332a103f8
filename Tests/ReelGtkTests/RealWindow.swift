#if GTK
  import CGtk4
  import Foundation
  import ReelGtk

  /// A real top-level window under Xvfb, on GTK's real frame clock, driven by real X input
  /// (xdotool). Waits are bounded real-time waits: the X server and the frame clock are real.
  @MainActor
  final class RealWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let title: String
    /// The X window id, found by title once the window is shown.
    private(set) var xid = ""

    /// Shows `child` in an undecorated window of `width`×`height`, so window coordinates are
    /// the child's coordinates.
    init(title: String, child: Widget, width: Int, height: Int) {
      self.title = title
      window = gtk_window_new()
      let gtkWindow = reel_gtk_window(UnsafeMutableRawPointer(window))
      gtk_window_set_title(gtkWindow, title)
      gtk_window_set_decorated(gtkWindow, 0)
      gtk_window_set_default_size(gtkWindow, Int32(width), Int32(height))
      gtk_window_set_child(gtkWindow, child.pointer)
      gtk_window_present(gtkWindow)
    }

    /// Waits until the window is mapped and X knows it; returns whether it is.
    func waitUntilShown() -> Bool {
      guard pump(until: { gtk_widget_get_mapped(self.window) != 0 }) else { return false }
      for _ in 0..<50 {
        let found = xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])
        if let id = found.split(separator: "\n").first {
          xid = String(id)
          return true
        }
        _ = pump(seconds: 0.1, until: { false })
      }
      return false
    }

    /// Clicks the primary button at `x`, `y` in the window, with Ctrl held when `control`.
    func click(x: Double, y: Double, control: Bool = false) {
      var args = ["mousemove", "--window", xid, String(Int(x)), String(Int(y))]
      if control { args += ["keydown", "ctrl"] }
      args += ["click", "1"]
      if control { args += ["keyup", "ctrl"] }
      _ = xdotool(args)
    }

    /// Presses keys (xdotool names: "Down", "End", "space") with the pointer over the window.
    func key(_ names: String...) {
      _ = xdotool(["key"] + names)
    }

    func close() {
      gtk_window_destroy(reel_gtk_window(UnsafeMutableRawPointer(window)))
      _ = pump(seconds: 0.2, until: { false })
    }
  }

  /// Runs GLib's main loop until `condition` holds or `seconds` of real time pass; returns
  /// whether it holds. Sleeps a millisecond when no event is pending, so it is not a busy loop.
  @MainActor
  func pump(seconds: Double = 10, until condition: () -> Bool) -> Bool {
    let deadline = Int64(g_get_monotonic_time()) + Int64(seconds * 1_000_000)
    while !condition() {
      if Int64(g_get_monotonic_time()) > deadline { return false }
      if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
    }
    return true
  }

  /// Runs xdotool with `arguments`, running GLib's main loop meanwhile (xdotool may wait for
  /// the X server, which waits for GTK); returns its standard output.
  @MainActor
  func xdotool(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      preconditionFailure("xdotool could not run (Scripts/install-deps.sh installs it): \(error)")
    }
    _ = pump(seconds: 10, until: { !process.isRunning })
    process.waitUntilExit()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
  }
#endif
