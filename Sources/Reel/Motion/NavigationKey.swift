/// Keys that move a list, as a frontend maps them from its own key events.
public enum NavigationKey: Sendable, Hashable {
  /// Up or left (right in right-to-left lists): one item or line back.
  case backward
  /// Down or right: one item or line forward.
  case forward
  /// Page up.
  case pageBackward
  /// Page down.
  case pageForward
  /// The first item (bounded lists).
  case home
  /// The last item (bounded lists).
  case end
}
