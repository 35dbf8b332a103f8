/// Optional extras a banner's data source can offer: spoken labels.
///
/// A ``Banner`` checks whether its data source conforms; ``BannerItemDataSource`` does. Conform
/// your own data source to give custom cells labels too. To prefetch what custom cells need,
/// conform to Reel's `VirtualListPrefetchingDataSource` and set it as the banner list's
/// `prefetchDataSource`: the list names the items about to slide in.
///
/// ```swift
/// extension Offers: BannerContentProvider {
///   func accessibilityLabel(forItemAt index: Int) -> String? { offers[index].headline }
/// }
/// ```
public protocol BannerContentProvider: AnyObject {
  /// The label a screen reader speaks for an item, without its position; `nil` for none.
  func accessibilityLabel(forItemAt index: Int) -> String?
}

extension BannerContentProvider {
  /// No label.
  public func accessibilityLabel(forItemAt index: Int) -> String? { nil }
}
