// Writes an SVG plot of content offset against time for a fling on a page-snapping list,
// sampled at two frame rates, to standard output:
//
//     swift run reel-motion-plot > Sources/Reel/Reel.docc/Resources/motion-fling.svg
//
// The list is the banner's geometry (390-point viewport, 358-point pages, 8-point spacing,
// cyclic). A finger drags 120 points left in 60 ms and lifts; the list decelerates and the
// critically damped spring settles it centred on the next page. Both frame rates trace the same
// analytic curve, which is the point of the plot.
import Reel
import ReelTesting

final class Page: ReusableCell {}

final class Pages: VirtualListDataSource {
  func numberOfItems(in list: VirtualList<Page>) -> Int { 5 }
  func virtualList(_ list: VirtualList<Page>, cellForItemAt index: Int) -> Page {
    list.dequeueReusableCell(withReuseIdentifier: "page", for: index)
  }
}

/// Offsets over time after the release, ticking at `fps`.
func trace(fps: Double) -> (points: [(Double, Double)], resting: Double) {
  let pages = Pages()
  let list = VirtualList<Page>(
    layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic)
  list.register("page") { Page() }
  list.dataSource = pages
  list.viewportSize = Size(width: 390, height: 200)
  let clock = ManualClock()
  list.tick(clock.now)
  list.beginDrag(at: Point(x: 300, y: 100), time: clock.now)
  for step in 1...4 {
    clock.advance(by: .milliseconds(15))
    list.drag(to: Point(x: 300 - 30 * Double(step), y: 100), time: clock.now)
  }
  list.endDrag(at: clock.now)
  let release = clock.now
  var points = [(0.0, list.contentOffset)]
  var t = 0.0
  let resting = list.restingOffset
  while t < maxT {
    t += 1 / fps
    clock.advance(by: release.advanced(by: .nanoseconds(Int64(t * 1e9))) - clock.now)
    list.tick(clock.now)
    points.append((t, list.contentOffset))
  }
  return (points, resting)
}

let maxT = 2.0
let series = [(30.0, "#d9480f", 5.0), (120.0, "#1c7ed6", 2.0)]
let traces = series.map { trace(fps: $0.0) }
let width = 640.0
let height = 360.0
let margin = 56.0
let allOffsets = traces.flatMap { $0.points.map(\.1) }
let lo = (allOffsets.min() ?? 0) - 20
let hi = (allOffsets.max() ?? 1) + 20
func x(_ t: Double) -> Double { margin + t / maxT * (width - 2 * margin) }
func y(_ v: Double) -> Double { height - margin - (v - lo) / (hi - lo) * (height - 2 * margin) }
func fmt(_ v: Double) -> String { String(Double(Int(v * 10)) / 10) }

var svg = """
  <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
  viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
  <rect width="100%" height="100%" fill="white"/>
  <text x="\(Int(width / 2))" y="20" text-anchor="middle" font-size="14">Fling that snaps to a \
  page: offset against time</text>
  <line x1="\(margin)" y1="\(height - margin)" x2="\(width - margin)" y2="\(height - margin)" \
  stroke="black"/>
  <line x1="\(margin)" y1="\(margin)" x2="\(margin)" y2="\(height - margin)" stroke="black"/>
  <text x="\(Int(width / 2))" y="\(Int(height - 12))" text-anchor="middle">seconds after release\
  </text>
  <text x="14" y="\(Int(height / 2))" transform="rotate(-90 14 \(Int(height / 2)))" \
  text-anchor="middle">content offset (points)</text>

  """
for tick in stride(from: 0.0, through: maxT + 1e-9, by: 0.5) {
  svg += "<text x=\"\(fmt(x(tick)))\" y=\"\(Int(height - margin + 16))\" text-anchor=\"middle\">"
  svg += "\(fmt(tick))</text>\n"
}
for value in stride(from: (lo / 200).rounded(.up) * 200, through: hi, by: 200) {
  svg +=
    "<text x=\"\(margin - 6)\" y=\"\(fmt(y(value) + 4))\" text-anchor=\"end\">\(Int(value))</text>\n"
}
let restingOffset = traces[0].resting
svg += "<line x1=\"\(margin)\" y1=\"\(fmt(y(restingOffset)))\" x2=\"\(width - margin)\" "
svg += "y2=\"\(fmt(y(restingOffset)))\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n"
svg += "<text x=\"\(width - margin)\" y=\"\(fmt(y(restingOffset) - 6))\" text-anchor=\"end\" "
svg += "fill=\"#666\">resting page at \(fmt(restingOffset))</text>\n"
for (index, (points, _)) in traces.enumerated() {
  let (fps, colour, radius) = series[index]
  let path = points.map { "\(fmt(x($0.0))),\(fmt(y($0.1)))" }.joined(separator: " ")
  svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1\" points=\"\(path)\"/>\n"
  for (t, v) in points {
    svg +=
      "<circle cx=\"\(fmt(x(t)))\" cy=\"\(fmt(y(v)))\" r=\"\(radius / 2)\" fill=\"\(colour)\"/>\n"
  }
  let legendY = Int(height - margin) - 40 + 18 * index
  svg += "<circle cx=\"\(Int(width - 170))\" cy=\"\(legendY - 4)\" r=\"4\" fill=\"\(colour)\"/>\n"
  svg += "<text x=\"\(Int(width - 160))\" y=\"\(legendY)\">\(Int(fps)) frames per second</text>\n"
}
svg += "</svg>\n"
print(svg, terminator: "")
