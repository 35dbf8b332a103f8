import ReelTesting
import Testing

@testable import Reel

/// A cell isolated to the main actor, as a GTK widget wrapper is: it conforms to `ReusableCell`
/// with an isolated conformance. This file compiling is half of the test.
@MainActor
final class MainActorRow {
  var title = ""
  var reuses = 0
}

extension MainActorRow: @MainActor ReusableCell {
  func prepareForReuse() {
    title = ""
    reuses += 1
  }
}

@MainActor
final class MainActorRows: @MainActor VirtualListDataSource {
  let titles: [String]
  init(_ titles: [String]) { self.titles = titles }
  func numberOfItems(in list: VirtualList<MainActorRow>) -> Int { titles.count }
  func virtualList(_ list: VirtualList<MainActorRow>, cellForItemAt index: Int) -> MainActorRow {
    let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    row.title = titles[index]
    return row
  }
}

@MainActor
@Suite struct IsolationTests {
  @Test func aMainActorCellAndDataSourceDriveAList() {
    let source = MainActorRows((0..<1_000).map { "Row \($0)" })
    let list = VirtualList<MainActorRow>(layout: UniformLayout(extent: 40))
    list.register("row") { MainActorRow() }
    list.dataSource = source
    list.viewportSize = Size(width: 300, height: 400)
    #expect(list.placements.map(\.cell.title).first == "Row 0")
    list.contentOffset = 4_000
    let titles = list.placements.map(\.cell.title)
    #expect(titles.contains("Row 100"))
    #expect(list.placements.contains { $0.cell.reuses > 0 }, "cells were reused")
    #expect(list.invariantViolations().isEmpty)
  }
}
