/// The position of an item in a sectioned snapshot: the same ``ItemPath`` a sectioned list uses.
public typealias SnapshotItemPath = ItemPath
