import Reel

extension Banner {
  /// The page indicator's state: the count, the current page and the continuous progress for
  /// animated dots; hidden for fewer than two items.
  ///
  /// - Complexity: O(w) for w displayed cells.
  public var indicator: PageIndicator {
    let count = list.numberOfItems
    let wraps = list.wrapping == .cyclic
    guard let page = currentPage else {
      return PageIndicator(count: count, current: 0, progress: 0, wraps: wraps)
    }
    return PageIndicator(count: count, current: page, progress: progress(page), wraps: wraps)
  }

  /// The position between pages from the content offset and the resting offsets of the centred
  /// item and its neighbour.
  private func progress(_ page: Int) -> Double {
    let count = list.numberOfItems
    guard count >= 2, let item = list.restingVirtualIndex else { return Double(page) }
    let offset = list.contentOffset
    let here = list.targetOffset(forVirtualIndex: item, alignment: .resting)
    let base = offset >= here ? item : item - 1
    let cyclic = list.wrapping == .cyclic
    guard cyclic || (base >= 0 && base + 1 < count) else { return Double(page) }
    let from = list.targetOffset(forVirtualIndex: base, alignment: .resting)
    let to = list.targetOffset(forVirtualIndex: base + 1, alignment: .resting)
    guard to > from else { return Double(page) }
    let fraction = min(max((offset - from) / (to - from), 0), 1)
    let index = cyclic ? CyclicMath.dataIndex(base, count: count) : base
    var value = Double(index) + fraction
    if cyclic && value >= Double(count) { value -= Double(count) }
    return value
  }

  /// An item's spoken label, from a data source that is a ``BannerContentProvider``.
  public func accessibilityLabel(forItemAt index: Int) -> String? {
    (list.dataSource as? any BannerContentProvider)?.accessibilityLabel(forItemAt: index)
  }

  /// An item's position, e.g. `"2 of 5"` for data index 1 of 5 items.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  public func accessibilityPosition(forItemAt index: Int) -> String {
    let count = list.numberOfItems
    precondition(
      index >= 0 && index < count,
      "Banner.accessibilityPosition(forItemAt:): index \(index) is out of bounds 0..<\(count)")
    return "\(index + 1) of \(count)"
  }

  /// What a screen reader says for an item: its label and position, e.g. `"Summer sale, 2 of 5"`.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  public func accessibilityDescription(forItemAt index: Int) -> String {
    let position = accessibilityPosition(forItemAt: index)
    guard let label = accessibilityLabel(forItemAt: index), !label.isEmpty else { return position }
    return "\(label), \(position)"
  }

  /// Reports a changed page: ``onPageChange``, then the announcement (not for the page shown
  /// when the banner appears).
  ///
  /// Nothing is reported before the first ``tick(_:)`` with a viewport: the first page event
  /// fires when the first item actually appears, so a callback set at any point before the first
  /// frame hears it.
  func publishPage() {
    guard lastTime != nil, list.viewportExtent > 0 else { return }
    let page = currentPage
    guard page != reportedPage else { return }
    // The page shown when the banner appears is not announced: a screen reader reads the
    // focused element itself; announcements are for pages that change while it is shown.
    let isFirstPage = reportedPage == nil
    reportedPage = page
    guard let page else { return }
    let count = list.numberOfItems
    onPageChange?(page)
    if let onAnnouncement, !isFirstPage, !autoplayMoved || announcesAutoplayChanges {
      onAnnouncement(announcementText(page + 1, count, accessibilityLabel(forItemAt: page)))
    }
  }
}
