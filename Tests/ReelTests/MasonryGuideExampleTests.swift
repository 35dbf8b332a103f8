import Reel
import ReelTesting
import Testing

// The "Masonry grids" guide's example (the DocC article Grids), compiled and
// run: photos of different heights in three columns, under a full-width header per day.

final class Tile: ReusableCell {
  var caption = ""
  func prepareForReuse() { caption = "" }
}

struct Photo {
  var day: Int
  var height: Double
}

final class PhotoGrid: VirtualListDataSource {
  /// Day headers and photos, in order: `nil` marks a header.
  var entries: [Photo?]

  init(days: Int, photosPerDay: Int) {
    entries = []
    for day in 0..<days {
      entries.append(nil)
      for i in 0..<photosPerDay {
        entries.append(Photo(day: day, height: Double(60 + 37 * i % 90)))
      }
    }
  }

  /// The header indices: these items span every lane.
  var headerIndices: [Int] { entries.indices.filter { entries[$0] == nil } }

  func numberOfItems(in list: VirtualList<Tile>) -> Int { entries.count }

  func virtualList(_ list: VirtualList<Tile>, cellForItemAt index: Int) -> Tile {
    let tile = list.dequeueReusableCell(withReuseIdentifier: "tile", for: index)
    tile.caption = entries[index].map { "photo of day \($0.day)" } ?? "day header"
    return tile
  }
}

func showPhotoGrid() -> (VirtualList<Tile>, PhotoGrid) {
  let photos = PhotoGrid(days: 30, photosPerDay: 20)
  let layout = MasonryLayout(
    lanes: 3, estimatedExtent: 100, spacing: 8, laneSpacing: 8,
    insets: ContentInsets.all(8), fullSpanIndices: photos.headerIndices)
  let list = VirtualList<Tile>(layout: layout)
  // Lanes change how many cells leave and enter the window at once: keep more of them.
  list.register("tile", capacity: 12) { Tile() }
  list.dataSource = photos
  list.viewportSize = Size(width: 390, height: 844)

  // Each frame: lay out, draw, then report the sizes the drawn cells really have, in one batch.
  list.layoutIfNeeded()
  list.measure { batch in
    for placement in list.placements {
      let height = photos.entries[placement.index]?.height ?? 32
      batch.setExtent(height, forItemAt: placement.index)
    }
  }
  list.layoutIfNeeded()
  return (list, photos)
}

@Suite struct MasonryGuideExampleTests {
  @Test func photoGridPlacesHeadersAcrossAndPhotosInColumns() {
    let (list, photos) = showPhotoGrid()
    #expect(!list.placements.isEmpty)
    // Columns are (390 − 8 − 8 − 2 × 8) / 3 = 119.33… wide; headers are 374 wide.
    let column = (390.0 - 16 - 16) / 3
    for placement in list.placements {
      if photos.entries[placement.index] == nil {
        #expect(placement.frame.minX == 8 && placement.frame.width == 374, "\(placement.index)")
      } else {
        let columns = (0..<3).map { 8 + Double($0) * (column + 8) }
        #expect(
          columns.contains { abs($0 - placement.frame.minX) < 1e-9 }
            && abs(placement.frame.width - column) < 1e-9, "\(placement.index)")
      }
    }
    // Every displayed item has its measured height.
    for placement in list.placements {
      #expect(placement.frame.height == photos.entries[placement.index]?.height ?? 32)
    }
  }
}
