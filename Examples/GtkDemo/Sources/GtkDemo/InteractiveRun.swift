import CGtk4
import Reel
import ReelBanner
import ReelGtk

/// The demo's input wiring. Each view handles its own keys when it has focus (Tab moves focus:
/// autoplay button, banner, list): Left/Right page the banner; Up/Down, Page Up/Down, Home and
/// End move the list's cursor; Enter or space selects. Clicks select too; a selection is printed
/// (`selected item N (…)`) and shown in the window. With `--trace`, each view prints its resting
/// state whenever it stops ticking, and the list prints its state when its scrollbar moves it
/// (which it follows without ticking).
@MainActor
enum InteractiveRun {
  static func attach(scene: DemoScene, trace: Bool) {
    scene.carousel.onSelect = { index in
      let title = Palette.cards[index].title
      print("selected item \(index) (carousel: \(title))")
      scene.showSelection(title)
    }
    scene.list.onSelect = { index in
      let name = scene.contacts.contacts[index].name
      print("selected item \(index) (list: \(name))")
      scene.showListSelection()
    }
    guard trace else { return }
    scene.carousel.onTickingChange = { [weak scene] on in
      guard let scene, !on else { return }
      print("carousel: rest page=\(scene.carousel.model.currentPage ?? -1)")
    }
    let printList = { [weak scene] in
      guard let scene else { return }
      let list = scene.list.model.list
      print(
        "list: rest offset=\(Int(list.contentOffset.rounded())) "
          + "first=\(list.visibleIndices.first ?? -1) cursor=\(scene.list.cursorIndex ?? -1) "
          + "adjustment=\(Int(gtk_adjustment_get_value(scene.list.adjustment).rounded()))")
    }
    scene.list.onTickingChange = { on in if !on { printList() } }
    let box = Unmanaged.passRetained(
      ValueChanged { [weak scene] in
        // While the list ticks its own motion moves the scrollbar; it prints when it stops.
        if scene?.list.isTicking == false { printList() }
      })
    reel_signal_connect(
      UnsafeMutableRawPointer(scene.list.adjustment), "value-changed",
      unsafeBitCast(valueChangedThunk, to: UnsafeMutableRawPointer.self), box.toOpaque(),
      { data, _ in data.map { Unmanaged<ValueChanged>.fromOpaque($0).release() } })
  }
}

/// A handler for an adjustment's `value-changed`.
@MainActor final class ValueChanged {
  let handler: @MainActor () -> Void
  init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
}

private let valueChangedThunk:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
    -> Void = { _, data in
      let address = UInt(bitPattern: data)
      MainActor.assumeIsolated {
        let box = Unmanaged<ValueChanged>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
        box.takeUnretainedValue().handler()
      }
    }
