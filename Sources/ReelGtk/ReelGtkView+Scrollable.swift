#if GTK
  import CGtk4
  import Reel

  /// What a ``ReelGtkView`` last told its scroll adjustment.
  struct AdjustmentState {
    /// value, upper, page size.
    var configured: (value: Double, upper: Double, page: Double)?
    /// Whether the view is configuring the adjustment now (its value-changed is the view's own).
    var isSyncing = false
  }

  extension ReelGtkView {
    /// The adjustment along the list's axis: a scrolled window's, or the view's own.
    public var adjustment: UnsafeMutablePointer<GtkAdjustment> {
      container.adjustment(
        model.list.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
    }

    /// After a frame: tells the adjustment where the list is, so a scrollbar's thumb has the
    /// viewport's share of the content and sits at the content offset. A cyclic list has no
    /// ends: its adjustment spans one page (no scrollbar). Measured rows move the offset with
    /// their anchor, so the thumb follows the content instead of jumping.
    func syncAdjustment() {
      let list = model.list
      let page = list.viewportExtent
      guard page > 0 else { return }
      let upper: Double
      let value: Double
      if list.wrapping == .cyclic {
        upper = page
        value = 0
      } else {
        upper = max(list.contentExtent, page)
        value = min(max(list.contentOffset, 0), upper - page)
      }
      if let last = adjustmentState.configured, last == (value, upper, page) { return }
      adjustmentState.configured = (value, upper, page)
      adjustmentState.isSyncing = true
      defer { adjustmentState.isSyncing = false }
      gtk_adjustment_configure(
        adjustment, value, 0, upper, wheelLineHeight, max(wheelLineHeight, page * 0.9), page)
    }

    /// An adjustment changed: a dragged scrollbar moves the content there, laid out in the
    /// allocation of the frame that moved it; new adjustments (the view was put in a scrolled
    /// window) are configured at once.
    func adjustmentDidChange(_ change: AdjustmentChange) {
      switch change {
      case .replaced:
        adjustmentState.configured = nil
        syncAdjustment()
      case .value(let orientation):
        let list = model.list
        let along =
          list.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
        guard !adjustmentState.isSyncing, orientation == along, list.wrapping == .bounded
        else { return }
        let value = gtk_adjustment_get_value(adjustment)
        guard abs(value - list.contentOffset) >= 0.5 else { return }
        list.setContentOffset(value, animated: false)
        adjustmentState.configured?.value = value
        layOutNowOrInTheAllocation()
      }
    }
  }
#endif
