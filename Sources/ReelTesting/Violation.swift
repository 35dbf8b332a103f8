/// One broken invariant or contract, found at one step of a script.
///
/// ```swift
/// for violation in report.violations { print(violation) }
/// // step 12 `reload(0)` [reference] virtual index 3 should show …
/// ```
public struct Violation: Sendable, Hashable, CustomStringConvertible {
  /// Which family of rules was broken.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// An invariant the engine reports (`invariantViolations()`).
    case invariant
    /// Placements differ from the independent reference model.
    case reference
    /// A cell was displayed twice, leaked, or reused while displayed.
    case lifetime
    /// Delegate calls do not pair up or do not match what is displayed.
    case delegate
    /// The data source broke its contract (count, identities, cells).
    case dataSource
    /// The layout broke the `ListLayout` contract.
    case layout
    /// A frontend adapter drew something other than the placements.
    case adapter
    /// Motion left the list in a wrong resting state, or an operation failed.
    case motion
    /// A layout, axis, wrapping or lanes change moved the anchor item (extended checks).
    case anchoring
    /// A snapshot was not shown as given: other identities, a moved anchor, a lost or
    /// duplicated cell, or a reconfigured item that lost its cell.
    case snapshot
    /// An animated update jumped, handed a departing cell to the data source, did not come to
    /// rest on the unanimated placements, or broke the bound on cells.
    case animation
    /// A list anchored at its end drifted from it, kept following after a scroll up, or moved
    /// the visible item on a prepend.
    case endAnchoring
    /// A saved `ScrollState` did not restore the same placements, the anchor item, or the
    /// documented fallback for another list shape.
    case savedState
    /// The selection did not follow its items by identity, or selecting did not select.
    case selection
  }

  /// The step (1-based) after which the violation was seen; 0 for the initial setup.
  public var step: Int
  /// The operation of that step, `nil` for the setup.
  public var operation: ReelOperation?
  /// The family of rules.
  public var kind: Kind
  /// What went wrong, naming the broken contract.
  public var message: String

  /// Creates a violation.
  ///
  /// ```swift
  /// let v = Violation(step: 3, operation: .settle, kind: .motion, message: "stuck")
  /// ```
  ///
  /// - Complexity: O(1).
  public init(step: Int, operation: ReelOperation?, kind: Kind, message: String) {
    self.step = step
    self.operation = operation
    self.kind = kind
    self.message = message
  }

  /// `step N \`op\` [kind] message`.
  public var description: String {
    let op = operation.map { " `\($0)`" } ?? " (setup)"
    return "step \(step)\(op) [\(kind.rawValue)] \(message)"
  }
}
