/// Optional extras a banner's data source can offer: spoken labels and image prefetching.
///
/// A ``Banner`` checks whether its data source conforms; ``BannerItemDataSource`` does. Conform
/// your own data source to give custom cells labels and prefetching too.
///
/// ```swift
/// extension Offers: BannerContentProvider {
///   func accessibilityLabel(forItemAt index: Int) -> String? { offers[index].headline }
/// }
/// ```
public protocol BannerContentProvider: AnyObject {
  /// The label a screen reader speaks for an item, without its position; `nil` for none.
  func accessibilityLabel(forItemAt index: Int) -> String?

  /// The current page changed to `index`: start loading what its neighbours need.
  func prefetchItems(around index: Int, count: Int)
}

extension BannerContentProvider {
  /// No label.
  public func accessibilityLabel(forItemAt index: Int) -> String? { nil }

  /// No prefetching.
  public func prefetchItems(around index: Int, count: Int) {}
}
