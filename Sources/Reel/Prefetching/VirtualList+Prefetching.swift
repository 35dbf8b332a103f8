extension VirtualList {
  /// The prefetching data source, held weakly; `nil` (the default) costs nothing per pass.
  public var prefetchDataSource: (any VirtualListPrefetchingDataSource<Cell>)? {
    get { state.prefetchSource }
    set {
      state.prefetchSource = newValue
      state.hasPrefetchSource = newValue != nil
      state.prefetchPlanner.reset()
    }
  }

  /// How far ahead the list prefetches, and how the distance grows with speed.
  public var prefetchPlanner: PrefetchPlanner {
    get { state.prefetchPlanner }
    set { state.prefetchPlanner = newValue }
  }

  /// Forgets what prefetching and preparation did for the old data, after a batch update or a
  /// reload: the items told to the prefetching data source and the prepared cells.
  ///
  /// Inlinable so that it is specialized with the batch update that calls it: unspecialized,
  /// looking at the prepared cells costs a generic metadata lookup on every update.
  @inlinable
  func prefetchingDataDidChange() {
    state.prefetchPlanner.reset()
    discardPreparedCells()
  }

  /// After a pass, tells the prefetching data source about the items ahead of the motion.
  @usableFromInline
  func prefetchAfterPass() {
    guard state.callbackDepth == 0, let source = state.prefetchSource, state.count > 0 else {
      return
    }
    let window = state.window.range
    let extent = state.window.entries.first.map { $0.slot.extent } ?? 0
    let bounded = state.wrapping == .bounded
    var planner = state.prefetchPlanner
    let plan = planner.update(
      window: window, offset: state.offset, itemExtent: extent, count: bounded ? state.count : nil)
    state.prefetchPlanner = planner
    state.callbackDepth += 1
    if !plan.cancel.isEmpty {
      source.virtualList(self, cancelPrefetchingForItemsAt: plan.cancel.map(dataIndex))
    }
    if !plan.prefetch.isEmpty {
      source.virtualList(self, prefetchItemsAt: plan.prefetch.map(dataIndex))
    }
    state.callbackDepth -= 1
  }
}
