#if GTK
  import Reel

  extension NavigationKey {
    /// The navigation key for a GDK key name (`gdk_keyval_name`), for a list along `axis`:
    /// Left/Right for horizontal lists, Up/Down for vertical ones, Page_Up/Page_Down, Home, End.
    ///
    /// ```swift
    /// NavigationKey(gtkKeyName: "Right", axis: .horizontal)  // .forward
    /// NavigationKey(gtkKeyName: "Right", axis: .vertical)    // nil
    /// ```
    public init?(gtkKeyName name: String?, axis: Axis) {
      switch (name, axis) {
      case ("Left", .horizontal), ("KP_Left", .horizontal), ("Up", .vertical), ("KP_Up", .vertical):
        self = .backward
      case ("Right", .horizontal), ("KP_Right", .horizontal), ("Down", .vertical),
        ("KP_Down", .vertical):
        self = .forward
      case ("Page_Up", _), ("KP_Page_Up", _): self = .pageBackward
      case ("Page_Down", _), ("KP_Page_Down", _): self = .pageForward
      case ("Home", _), ("KP_Home", _): self = .home
      case ("End", _), ("KP_End", _): self = .end
      default: return nil
      }
    }
  }
#endif
