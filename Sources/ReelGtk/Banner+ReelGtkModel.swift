#if GTK
  import CGtk4
  import Reel
  import ReelBanner

  /// A `Banner` of ``GtkCell``s is a model a ``ReelGtkView`` can drive: its `tick(_:)`,
  /// `needsFrames` and `nextDeadline` include autoplay, so an idle banner sleeps until its next
  /// page is due; drags page one card at a time; `tap(at:)` also calls the banner's `onSelect`.
  ///
  /// ```swift
  /// let banner = Banner<CardCell>(layout: PagingLayout(insets: 16, spacing: 8))
  /// banner.list.register("card") { CardCell() }
  /// banner.dataSource = cards
  /// let view = ReelGtkView(model: banner)
  /// ```
  extension Banner: ReelGtkModel where Cell: GtkCell {
    /// A carousel of slides.
    public static var accessibleRoles: AccessibleRoles { .carousel }

    /// Sends the banner's page announcements (``Banner/onAnnouncement``; none while
    /// autoplaying unless ``Banner/announcesAutoplayChanges``) to `announce`, unless the app
    /// set its own handler.
    public func setAnnouncer(_ announce: @escaping (String) -> Void) {
      if onAnnouncement == nil { onAnnouncement = announce }
    }
  }
#endif
