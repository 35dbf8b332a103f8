import Reel
import ReelBanner
import ReelGtk

/// The demo's input wiring: keys on the window (Left/Right: carousel; Up/Down, Page Up/Down,
/// Home/End: list; space: autoplay on or off), clicks that print the selected item, and, with
/// `--trace`, a line whenever a view starts or stops ticking.
@MainActor
enum InteractiveRun {
  /// Wires input; returns the objects to keep alive.
  static func attach(window: Window, scene: DemoScene, trace: Bool) -> [AnyObject] {
    scene.carousel.onSelect = { index in
      print("selected item \(index) (carousel: \(Palette.cards[index].title))")
    }
    scene.list.onSelect = { index in print("selected item \(index) (list: row \(index + 1))") }
    if trace {
      scene.carousel.onTickingChange = { on in print("carousel: ticking \(on ? "on" : "off")") }
      scene.list.onTickingChange = { on in print("list: ticking \(on ? "on" : "off")") }
    }
    let key = KeyController(on: window.widget) { key in
      if trace { print("key \(key.name ?? "?") t=\(key.timeMilliseconds)") }
      if key.name == "space" {
        scene.carousel.model.togglePlayback()
        print("autoplay \(scene.carousel.model.isPlaying ? "on" : "off")")
        scene.carousel.setNeedsFrames()
        return true
      }
      return scene.carousel.handleKey(key) || scene.list.handleKey(key)
    }
    return [key]
  }
}
