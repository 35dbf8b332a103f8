import CGtk4
import Reel
import ReelBanner
import ReelGtk

/// The demo's input wiring. Each view handles its own keys when it has focus (Tab moves focus:
/// autoplay button, banner, list): Left/Right page the banner; Up/Down, Page Up/Down, Home and
/// End move the list's cursor; Enter or space selects. Clicks select too; a selection is printed
/// (`selected item N (…)`) and shown in the window. With `--trace`, each view prints its resting
/// state whenever it stops ticking.
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
    scene.list.onTickingChange = { [weak scene] on in
      guard let scene, !on else { return }
      let list = scene.list.model.list
      print(
        "list: rest offset=\(Int(list.contentOffset.rounded())) "
          + "first=\(list.visibleIndices.first ?? -1) cursor=\(scene.list.cursorIndex ?? -1) "
          + "adjustment=\(Int(gtk_adjustment_get_value(scene.list.adjustment).rounded()))")
    }
  }
}
