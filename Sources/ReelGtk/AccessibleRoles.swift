#if GTK
  import CGtk4

  /// The accessible roles a ``ReelGtkView`` gives its widget and its items' host widgets.
  ///
  /// GTK 4.8 has no carousel role; a banner is a group described as a "carousel" whose items
  /// are groups described as "slide" (the WAI-ARIA carousel pattern).
  ///
  /// ```swift
  /// let roles = AccessibleRoles.list  // GTK_ACCESSIBLE_ROLE_LIST of GTK_ACCESSIBLE_ROLE_LIST_ITEM
  /// ```
  public struct AccessibleRoles: Sendable {
    /// The view's role.
    public var view: GtkAccessibleRole
    /// Each item's role.
    public var item: GtkAccessibleRole
    /// Words that name the view's role, when the role alone does not (`nil`: none).
    public var viewDescription: String?
    /// Words that name an item's role, when the role alone does not (`nil`: none).
    public var itemDescription: String?
    /// The view's name until the app gives one (``ReelGtkView/setAccessibleLabel(_:)``).
    public var defaultViewLabel: String

    /// Creates a set of roles.
    public init(
      view: GtkAccessibleRole, item: GtkAccessibleRole, viewDescription: String? = nil,
      itemDescription: String? = nil, defaultViewLabel: String = "List"
    ) {
      self.defaultViewLabel = defaultViewLabel
      self.view = view
      self.item = item
      self.viewDescription = viewDescription
      self.itemDescription = itemDescription
    }

    /// A list of list items (what `GtkListView` exposes).
    public static let list = AccessibleRoles(
      view: GTK_ACCESSIBLE_ROLE_LIST, item: GTK_ACCESSIBLE_ROLE_LIST_ITEM, defaultViewLabel: "List")

    /// A carousel of slides: groups with role descriptions.
    public static let carousel = AccessibleRoles(
      view: GTK_ACCESSIBLE_ROLE_GROUP, item: GTK_ACCESSIBLE_ROLE_GROUP,
      viewDescription: "carousel", itemDescription: "slide", defaultViewLabel: "Carousel")
  }
#endif
