#if GTK
  import CGtk4
  import ReelGtk
  import Synchronization

  /// Counts GObjects that were created and not yet finalized, through weak references.
  enum LiveObjects {
    private static let counts = Mutex((tracked: 0, finalized: 0))
    private static let cells = Mutex(0)

    /// `LabelCell`s deinitialized so far.
    static var cellsDeinitialized: Int { cells.withLock { $0 } }

    static func cellDidDeinit() {
      cells.withLock { $0 += 1 }
    }

    /// Starts watching `widget`: its finalization will be counted.
    static func track(_ widget: Widget) {
      counts.withLock { $0.tracked += 1 }
      g_object_weak_ref(reel_g_object(widget.raw), finalizedThunk, nil)
    }

    /// Objects tracked so far.
    static var tracked: Int { counts.withLock { $0.tracked } }
    /// Tracked objects finalized so far.
    static var finalized: Int { counts.withLock { $0.finalized } }
    /// Tracked objects still alive.
    static var alive: Int { counts.withLock { $0.tracked - $0.finalized } }

    fileprivate static func didFinalize() {
      counts.withLock { $0.finalized += 1 }
    }
  }

  private let finalizedThunk: GWeakNotify = { _, _ in LiveObjects.didFinalize() }
#endif
