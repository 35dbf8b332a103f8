#if GTK
  import Reel
  import ReelGtk
  import Testing

  /// GDK key names to navigation keys, per axis (no display needed).
  @Suite struct NavigationKeyGtkTests {
    @Test(arguments: [
      ("Up", Axis.vertical, NavigationKey.backward), ("Down", .vertical, .forward),
      ("KP_Down", .vertical, .forward), ("Left", .horizontal, .backward),
      ("Right", .horizontal, .forward), ("Page_Up", .vertical, .pageBackward),
      ("Page_Down", .horizontal, .pageForward), ("Home", .vertical, .home),
      ("End", .vertical, .end),
    ])
    func mapsKeysAlongTheAxis(name: String, axis: Axis, expected: NavigationKey) {
      #expect(NavigationKey(gtkKeyName: name, axis: axis) == expected)
    }

    @Test func ignoresArrowsAcrossTheAxisAndOtherKeys() {
      #expect(NavigationKey(gtkKeyName: "Right", axis: .vertical) == nil)
      #expect(NavigationKey(gtkKeyName: "Up", axis: .horizontal) == nil)
      #expect(NavigationKey(gtkKeyName: "space", axis: .vertical) == nil)
      #expect(NavigationKey(gtkKeyName: nil, axis: .vertical) == nil)
    }
  }
#endif
