extension ReelOperation {
  /// Parses the snapshot, list-feature and bulk-measurement operations; `nil` when `name` is
  /// none of them.
  init?(feature name: String, _ args: [String]) {
    let d = args.map { Double($0) }
    let i = args.map { Int($0) }
    switch (name, args.count) {
    case ("snapshot", 2):
      guard let a = i[0], let b = i[1] else { return nil }
      self = .snapshot(seed: a, changes: b)
    case ("animatedSnapshot", 3):
      guard let a = i[0], let b = i[1], let c = i[2] else { return nil }
      self = .animatedSnapshot(seed: a, changes: b, midway: c)
    case ("append", 1):
      guard let a = i[0] else { return nil }
      self = .append(count: a)
    case ("growLast", 1):
      guard let a = d[0] else { return nil }
      self = .growLast(by: a)
    case ("prepend", 1):
      guard let a = i[0] else { return nil }
      self = .prepend(count: a)
    case ("scrollUp", 1):
      guard let a = d[0] else { return nil }
      self = .scrollUp(a)
    case ("saveRestore", 1):
      guard let a = i[0] else { return nil }
      self = .saveRestore(kind: a)
    case ("select", 2):
      guard let a = i[0], let b = Bool(args[1]) else { return nil }
      self = .select(at: a, byPath: b)
    case ("deselect", 2):
      guard let a = i[0], let b = Bool(args[1]) else { return nil }
      self = .deselect(at: a, byPath: b)
    case ("measureBatch", 3):
      guard let a = i[0], let b = i[1], let c = i[2] else { return nil }
      self = .measureBatch(at: a, count: b, seed: c)
    default: return nil
    }
  }
}
