import CGtk4
import Reel
import ReelBanner
import ReelGtk

/// The demo window: a header bar (the title, an autoplay toggle) and, in GTK boxes, the photo
/// banner and its page dots, the selection, and a contact list in a rounded, boxed scrolled
/// window. The banner and the list are `ReelGtkView`s: Reel places their pooled widgets; the
/// list's rows are measured.
@MainActor
final class DemoScene {
  let root: Widget
  let carousel: ReelGtkView<Banner<CardCell>>
  let list: ReelGtkView<VirtualList<ContactCell>>
  let dots = PageDots()
  let header = Widget(gtk_header_bar_new())
  let autoplayButton = Widget(gtk_button_new_from_icon_name("media-playback-pause-symbolic"))
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
    title.addCSSClass("title")
    gtk_header_bar_set_title_widget(
      OpaquePointer(header.raw), title.pointer)
    gtk_header_bar_pack_end(
      OpaquePointer(header.raw), autoplayButton.pointer)
    dots.widget.setSizeRequest(width: -1, height: 12)
    gtk_widget_set_margin_top(dots.widget.pointer, 10)
    status.addCSSClass("reel-status")
    status.setMargins(10)
    gtk_widget_set_margin_start(status.pointer, 18)
    let scrolled = ScrolledWindow(child: list.widget)
    scrolled.widget.setExpands(horizontally: true, vertically: true)
    scrolled.widget.addCSSClass("reel-boxed-list")
    scrolled.widget.setClipsChildren(true)
    gtk_widget_set_margin_start(scrolled.widget.pointer, 16)
    gtk_widget_set_margin_end(scrolled.widget.pointer, 16)
    gtk_widget_set_margin_bottom(scrolled.widget.pointer, 16)
    root =
      Box(
        GTK_ORIENTATION_VERTICAL, spacing: 0,
        [carousel.widget, dots.widget, status, scrolled.widget]
      ).widget
    gtk_widget_set_margin_top(carousel.widget.pointer, 12)
    root.addCSSClass("reel-root")

    dots.show(count: Palette.cards.count, current: 0)
    banner.onPageChange = { [dots, weak banner] _ in
      MainActor.assumeIsolated {
        guard let indicator = banner?.indicator else { return }
        dots.show(count: indicator.isHidden ? 0 : indicator.count, current: indicator.current)
      }
    }
    showAutoplayState()
    autoplayButton.connect("clicked") { [weak self] in self?.toggleAutoplay() }
  }

  /// Pauses or resumes autoplay and shows the state on the button.
  func toggleAutoplay() {
    carousel.model.togglePlayback()
    showAutoplayState()
    print("autoplay \(carousel.model.isPlaying ? "on" : "off")")
    carousel.setNeedsFrames()
  }

  /// The button shows what it does: pause while playing, play while paused (icon, tooltip and
  /// accessible name).
  private func showAutoplayState() {
    let playing = carousel.model.isPlaying
    let action = playing ? "Pause autoplay" : "Play autoplay"
    gtk_button_set_icon_name(
      autoplayButton.raw.assumingMemoryBound(to: GtkButton.self),
      playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
    gtk_widget_set_tooltip_text(autoplayButton.pointer, action)
    autoplayButton.setAccessibleLabel(action)
  }

  /// Shows the selection in the status line: the name of the one selected contact, or how
  /// many are selected; a card's title when the banner chose one.
  func showSelection(_ text: String) {
    status.setLabelText("Selected: \(text)")
  }

  /// Shows the contact list's selection in the status line.
  func showListSelection() {
    let selected = list.model.list.indicesForSelectedItems
    switch selected.count {
    case 0: status.setLabelText("Nothing selected")
    case 1: showSelection(contacts.contacts[selected[0]].name)
    default: status.setLabelText("\(selected.count) selected")
    }
  }

  /// Runs one frame of both views at `now` (the headless mode's simulated clock).
  func advance(to now: ReelInstant) {
    carousel.advance(to: now)
    list.advance(to: now)
  }
}
