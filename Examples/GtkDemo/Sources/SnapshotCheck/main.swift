// snapshot-check: asserts things about a snapshot PNG; exits 1 when any check fails.
import ReelGtk

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

let usage = """
  usage: snapshot-check IMAGE.png [--size WxH] [--min-colors N]
                        [--expect X,Y,W,H=RRGGBB[~TOL]]...
                        [--golden GOLDEN.png [--channel-tolerance T] [--max-diff-percent P]
                         [--diff-out DIFF.png]] [--write-png OUT.png]
    IMAGE                 a PNG, or an X window dump (.xwd, from `xwd -id WINDOW`)
    --size WxH            the exact image size
    --min-colors N        distinct colours needed to count as not blank (default 16)
    --expect ...          90% of the region's pixels within TOL (default 12) of the colour
    --golden PATH         compare pixel by pixel; a pixel differs when a channel differs by
                          more than T (default 24); fail when more than P% differ (default 0.5)
    --diff-out PATH       write the golden comparison: differing pixels red on a dimmed image
    --write-png PATH      also write the image as a PNG (to keep a window dump)
    --crop X,Y,W,H        check (and write) only this part of the image
  """

func fail(_ message: String) -> Never {
  print("snapshot-check: \(message)")
  print(usage)
  exit(64)
}

@MainActor
func runChecks(_ arguments: [String]) -> Int32 {
  var rest = arguments[...]
  guard let imagePath = rest.popFirst(), !imagePath.hasPrefix("-") else {
    fail("the first argument is the image to check")
  }
  var size: (Int, Int)?
  var minimumColors = 16
  var regions: [RegionExpectation] = []
  var goldenPath: String?
  var channelTolerance = 24
  var maxDiffPercent = 0.5
  var diffPath: String?
  var pngPath: String?
  var crop: [Int]?
  func value(_ flag: String) -> String {
    guard let next = rest.popFirst() else { fail("\(flag) needs a value") }
    return next
  }
  while let flag = rest.popFirst() {
    switch flag {
    case "--size":
      let parts = value(flag).split(separator: "x").compactMap { Int($0) }
      guard parts.count == 2 else { fail("--size needs WxH") }
      size = (parts[0], parts[1])
    case "--min-colors":
      guard let n = Int(value(flag)), n > 0 else { fail("--min-colors needs a positive number") }
      minimumColors = n
    case "--expect":
      let text = value(flag)
      guard let region = RegionExpectation(text) else {
        fail("--expect needs X,Y,W,H=RRGGBB[~TOL], got '\(text)'")
      }
      regions.append(region)
    case "--golden":
      goldenPath = value(flag)
    case "--channel-tolerance":
      guard let n = Int(value(flag)), n >= 0 else { fail("--channel-tolerance needs a number") }
      channelTolerance = n
    case "--max-diff-percent":
      guard let p = Double(value(flag)), p >= 0 else { fail("--max-diff-percent needs a number") }
      maxDiffPercent = p
    case "--diff-out":
      diffPath = value(flag)
    case "--crop":
      let parts = value(flag).split(separator: ",").compactMap { Int($0) }
      guard parts.count == 4, parts[2] > 0, parts[3] > 0 else { fail("--crop needs X,Y,W,H") }
      crop = parts
    case "--write-png":
      pngPath = value(flag)
    default:
      fail("unknown argument '\(flag)'")
    }
  }

  var image: Image
  do {
    image = try Image(contentsOf: imagePath)
  } catch {
    print("FAIL cannot read \(imagePath): \(error)")
    return 1
  }
  if let crop {
    guard crop[0] >= 0, crop[1] >= 0, crop[0] + crop[2] <= image.width,
      crop[1] + crop[3] <= image.height
    else {
      print("FAIL crop \(crop) is outside the \(image.width)x\(image.height) image")
      return 1
    }
    image = image.cropped(x: crop[0], y: crop[1], width: crop[2], height: crop[3])
  }
  var results: [CheckResult] = []
  if let pngPath {
    do {
      try image.savePNG(to: pngPath)
      print("wrote \(pngPath)")
    } catch {
      results.append(CheckResult(passed: false, message: "cannot write \(pngPath): \(error)"))
    }
  }
  if let (width, height) = size {
    results.append(Checks.size(image, width: width, height: height))
  }
  results.append(Checks.notBlank(image, minimumColors: minimumColors))
  for region in regions {
    results.append(Checks.region(image, region))
  }
  if let goldenPath {
    do {
      let golden = try Image(contentsOf: goldenPath)
      var diff: Image?
      results.append(
        Checks.golden(
          image, golden, channelTolerance: channelTolerance,
          maxDifferentShare: maxDiffPercent / 100, diff: &diff))
      if let diffPath, let diff {
        try diff.savePNG(to: diffPath)
        print("wrote the golden comparison to \(diffPath)")
      }
    } catch {
      results.append(CheckResult(passed: false, message: "golden \(goldenPath): \(error)"))
    }
  }
  for result in results {
    print((result.passed ? "ok   " : "FAIL ") + result.message)
  }
  let failures = results.filter { !$0.passed }.count
  print("\(results.count - failures) passed, \(failures) failed")
  return failures == 0 ? 0 : 1
}

exit(MainActor.assumeIsolated { runChecks(Array(CommandLine.arguments.dropFirst())) })
