#if GTK
  import CGtk4
  import Reel
  import ReelBanner
  import ReelGtk
  import Testing

  /// Broken contracts stop the process with a message that names them.
  @Suite struct ReelGtkPreconditionTests {
    @Test func aDecoderTargetMustBePositive() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = try? PixbufDecoder().decode([0x89, 0x50], fitting: PixelSize(width: 0, height: 10))
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("PixbufDecoder.decode: the target size must be positive, got 0×10"))
    }

    @Test func twoCellsCannotShareAWidget() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          startGtk()
          let shared = Widget.label("shared")
          let list = VirtualList<SharedWidgetCell>(layout: UniformLayout(extent: 20))
          list.register("row") { SharedWidgetCell(widget: shared) }
          let source = SharedWidgetSource()
          list.dataSource = source
          let view = ReelGtkView(model: list, clock: .manual)
          allocate(view.widget, width: 100, height: 100)
          view.advance(to: .zero)
          withExtendedLifetime(source) {}
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          "ReelGtkView: a cell's widget already has a parent; each cell needs its own widget"))
    }
  }

  /// A cell given a widget from outside: the precondition test gives every cell the same one.
  @MainActor
  final class SharedWidgetCell: GtkCell {
    let widget: Widget
    init(widget: Widget) { self.widget = widget }
  }

  final class SharedWidgetSource: VirtualListDataSource {
    func numberOfItems(in list: VirtualList<SharedWidgetCell>) -> Int { 10 }
    func virtualList(_ list: VirtualList<SharedWidgetCell>, cellForItemAt index: Int)
      -> SharedWidgetCell
    {
      list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    }
  }
#endif
