import CGtk4
import Reel
import ReelBanner
import ReelGtk

/// The demo window's content, in GTK boxes: a header (title, autoplay button), the photo banner
/// and its page dots, the selection, and a contact list in a scrolled window. The banner and the
/// list are `ReelGtkView`s: Reel places their pooled widgets; the list's rows are measured.
@MainActor
final class DemoScene {
  let root: Widget
  let carousel: ReelGtkView<Banner<CardCell>>
  let list: ReelGtkView<VirtualList<ContactCell>>
  let dots = PageDots()
  let autoplayButton = Widget(gtk_button_new_with_label("Pause autoplay"))
  let status = Widget.label("Nothing selected")
  let cards: CardSource
  let contacts: ContactSource

  static let contactCount = 10_000
  static let carouselHeight = 220

  init(resources: String, clock: ReelGtkClock) {
    cards = CardSource(cards: Palette.cards, resources: resources)
    // The banner: horizontal, cyclic, paging one card at a time, autoplay every 3 s.
    let banner = Banner<CardCell>(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic,
      autoplay: .every(.seconds(3)))
    banner.list.register("card") { CardCell() }
    banner.dataSource = cards
    banner.list.prefetchDataSource = cards
    carousel = ReelGtkView(model: banner, clock: clock)
    carousel.widget.setSizeRequest(width: -1, height: Self.carouselHeight)
    carousel.setAccessibleLabel("Featured")

    contacts = ContactSource(count: Self.contactCount)
    let contactList = VirtualList<ContactCell>(layout: contacts.makeLayout())
    contactList.register("contact", capacity: 8) { ContactCell() }
    contactList.dataSource = contacts
    // Several contacts may be selected: a click selects one, Ctrl-click adds or removes one.
    contactList.selectionMode = .multiple
    list = ReelGtkView(model: contactList, clock: clock)
    list.widget.addCSSClass("reel-contacts")
    list.setAccessibleLabel("Contacts")

    let title = Widget.label("Reel · GTK 4")
    title.addCSSClass("title-2")
    title.setExpands(horizontally: true, vertically: false)
    let header = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [title, autoplayButton])
    header.widget.setMargins(12)
    dots.widget.setSizeRequest(width: -1, height: 12)
    gtk_widget_set_margin_top(dots.widget.pointer, 10)
    status.addCSSClass("reel-status")
    status.setMargins(10)
    gtk_widget_set_margin_start(status.pointer, 18)
    let scrolled = ScrolledWindow(child: list.widget)
    scrolled.widget.setExpands(horizontally: true, vertically: true)
    scrolled.widget.addCSSClass("frame")
    gtk_widget_set_margin_start(scrolled.widget.pointer, 16)
    gtk_widget_set_margin_end(scrolled.widget.pointer, 16)
    gtk_widget_set_margin_bottom(scrolled.widget.pointer, 16)
    root =
      Box(
        GTK_ORIENTATION_VERTICAL, spacing: 0,
        [header.widget, carousel.widget, dots.widget, status, scrolled.widget]
      ).widget
    root.addCSSClass("reel-root")

    dots.show(count: Palette.cards.count, current: 0)
    banner.onPageChange = { [dots, weak banner] _ in
      MainActor.assumeIsolated {
        guard let indicator = banner?.indicator else { return }
        dots.show(count: indicator.isHidden ? 0 : indicator.count, current: indicator.current)
      }
    }
    autoplayButton.connect("clicked") { [weak self] in self?.toggleAutoplay() }
  }

  /// Pauses or resumes autoplay and shows the state on the button.
  func toggleAutoplay() {
    carousel.model.togglePlayback()
    let playing = carousel.model.isPlaying
    gtk_button_set_label(
      autoplayButton.raw.assumingMemoryBound(to: GtkButton.self),
      playing ? "Pause autoplay" : "Play autoplay")
    print("autoplay \(playing ? "on" : "off")")
    carousel.setNeedsFrames()
  }

  /// Shows a selection in the status line.
  func showSelection(_ text: String) {
    status.setLabelText("Selected: \(text)")
  }

  /// Runs one frame of both views at `now` (the headless mode's simulated clock).
  func advance(to now: ReelInstant) {
    carousel.advance(to: now)
    list.advance(to: now)
  }
}
