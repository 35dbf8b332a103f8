/// A region expected to be (mostly) one colour: `X,Y,W,H=RRGGBB[~TOLERANCE]`.
struct RegionExpectation {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
  var color: RGB
  /// The largest per-channel difference for a pixel to count as that colour.
  var tolerance: Int

  /// The share of the region's pixels that must match.
  static let requiredShare = 0.9

  init?(_ text: String) {
    let halves = text.split(separator: "=")
    guard halves.count == 2 else { return nil }
    let box = halves[0].split(separator: ",").compactMap { Int($0) }
    let colorParts = halves[1].split(separator: "~")
    guard box.count == 4, box[2] > 0, box[3] > 0, let color = RGB(hex: colorParts[0]) else {
      return nil
    }
    (x, y, width, height) = (box[0], box[1], box[2], box[3])
    self.color = color
    if colorParts.count == 2 {
      guard let tolerance = Int(colorParts[1]) else { return nil }
      self.tolerance = tolerance
    } else {
      tolerance = 12
    }
  }
}

/// The outcome of one check: a line to print and whether it passed.
struct CheckResult {
  var passed: Bool
  var message: String
}

enum Checks {
  static func size(_ image: Image, width: Int, height: Int) -> CheckResult {
    let ok = image.width == width && image.height == height
    return CheckResult(
      passed: ok,
      message: "size \(image.width)x\(image.height)" + (ok ? "" : ", expected \(width)x\(height)"))
  }

  /// Not blank: enough distinct colours, and a real spread between dark and light.
  static func notBlank(_ image: Image, minimumColors: Int) -> CheckResult {
    var seen = Set<UInt32>()
    var darkest = 255
    var lightest = 0
    for pixel in image.pixels {
      if seen.count <= minimumColors { seen.insert(pixel) }
      let c = RGB(pixel)
      let luma = (c.r * 299 + c.g * 587 + c.b * 114) / 1000
      darkest = min(darkest, luma)
      lightest = max(lightest, luma)
    }
    let ok = seen.count >= minimumColors && lightest - darkest >= 64
    let colours = seen.count > minimumColors ? "more than \(minimumColors)" : "\(seen.count)"
    return CheckResult(
      passed: ok,
      message: "not blank: \(colours) distinct colours (need \(minimumColors)), "
        + "luma \(darkest)...\(lightest) (need a spread of 64)")
  }

  static func region(_ image: Image, _ expected: RegionExpectation) -> CheckResult {
    let name = "region \(expected.x),\(expected.y) \(expected.width)x\(expected.height)"
    guard expected.x >= 0, expected.y >= 0, expected.x + expected.width <= image.width,
      expected.y + expected.height <= image.height
    else {
      return CheckResult(passed: false, message: "\(name): outside the image")
    }
    var matching = 0
    var sum = (r: 0, g: 0, b: 0)
    for y in expected.y..<(expected.y + expected.height) {
      for x in expected.x..<(expected.x + expected.width) {
        let c = RGB(image[x, y])
        sum = (sum.r + c.r, sum.g + c.g, sum.b + c.b)
        if c.distance(to: expected.color) <= expected.tolerance { matching += 1 }
      }
    }
    let count = expected.width * expected.height
    let share = Double(matching) / Double(count)
    let mean = RGB(r: sum.r / count, g: sum.g / count, b: sum.b / count)
    let ok = share >= RegionExpectation.requiredShare
    return CheckResult(
      passed: ok,
      message: "\(name): \(percent(share)) of pixels within \(expected.tolerance) of "
        + "\(expected.color) (need \(percent(RegionExpectation.requiredShare))), mean \(mean)")
  }

  /// Compares against a golden image; differing pixels are painted red into `diff`.
  static func golden(
    _ image: Image, _ golden: Image, channelTolerance: Int, maxDifferentShare: Double,
    diff: inout Image?
  ) -> CheckResult {
    guard image.width == golden.width, image.height == golden.height else {
      return CheckResult(
        passed: false,
        message: "golden: size \(image.width)x\(image.height) differs from the golden's "
          + "\(golden.width)x\(golden.height)")
    }
    var different = 0
    var worst = 0
    var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
    var marked = image
    for y in 0..<image.height {
      for x in 0..<image.width {
        let a = RGB(image[x, y])
        let distance = a.distance(to: RGB(golden[x, y]))
        worst = max(worst, distance)
        if distance > channelTolerance {
          different += 1
          box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
          marked[x, y] = 0xFFFF_0000
        } else {
          marked[x, y] =
            0xFF00_0000 | UInt32(a.r / 3) << 16 | UInt32(a.g / 3) << 8 | UInt32(a.b / 3)
        }
      }
    }
    diff = marked
    let share = Double(different) / Double(image.pixels.count)
    let ok = share <= maxDifferentShare
    var message =
      "golden: \(different) pixels (\(percent(share))) differ by more than \(channelTolerance) "
      + "(allowed \(percent(maxDifferentShare))), largest difference \(worst)"
    if different > 0 {
      message += ", within x \(box.minX)...\(box.maxX), y \(box.minY)...\(box.maxY)"
    }
    return CheckResult(passed: ok, message: message)
  }

  static func percent(_ share: Double) -> String {
    let hundredths = Int((share * 10_000).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)%"
  }
}
