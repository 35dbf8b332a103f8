/// The command line of `gtk-demo`.
struct Options {
  /// Where to write the snapshot PNG; `nil` runs the interactive demo.
  var snapshotPath: String?
  /// How many frame-clock ticks to run before the snapshot.
  var frames = 3
  var width = 800
  var height = 600
  /// The folder with the banner's photos.
  var resources = Options.defaultResources
  /// In snapshot mode, inject a wheel scroll on the list and a drag on the carousel.
  var injectInput = false
  /// Whether to print each view's resting state when it stops ticking.
  var trace = false
  /// Run on the real frame clock for this many seconds without input, report frames, exit.
  var measureIdleSeconds: Double?
  /// Run on the real frame clock for this many seconds, then write a PNG there and exit.
  var screenshot: (seconds: Double, path: String)?
  /// Check the contacts' order and the avatars' contrast, print the results, exit.
  var checkContacts = false

  static let usage = """
    usage: gtk-demo [--size WxH] [--resources DIR] [--trace] [--snapshot OUT.png [--frames N]]
                    [--measure-idle SECONDS] [--screenshot-after SECONDS OUT.png]
                    [--check-contacts]
      --snapshot OUT.png  run N frames on a simulated clock (1/60 s each), write a PNG, exit
      --frames N          frames before the snapshot (default 3)
      --inject            with --snapshot: scroll the list 40 wheel steps from frame 10,
                          drag the carousel 300 pt left over frames 20 to 26, click the
                          list's first visible row at frame 100
      --measure-idle S    run S seconds on GTK's frame clock, print how many frames each view
                          ran (idle views stop ticking), exit
      --screenshot-after S OUT.png  run interactively for S seconds, write a PNG, exit
      --size WxH          window content size (default 800x600)
      --resources DIR     folder with the banner's photos (default: the package's Resources)
      --trace             print each view's resting state whenever it stops ticking, and
                          the list's whenever its scrollbar moves it
      --check-contacts    check the contacts' collation order and the initials' contrast on
                          every avatar colour (WCAG, at least 4.5 : 1), exit (no display)

    Keys go to the focused view (Tab moves focus): Left/Right page the banner; Up/Down,
    Page Up/Down, Home and End move the list's focused row; Enter or space selects. A click
    selects a contact, Ctrl-click adds or removes one. The button pauses or resumes autoplay.
    Selecting prints "selected item N (…)".
    """

  /// `Examples/GtkDemo/Resources`, found from this source file's path at compile time, unless
  /// `REEL_GTK_RESOURCES` is set.
  static var defaultResources: String {
    if let fromEnvironment = getEnvironment("REEL_GTK_RESOURCES") { return fromEnvironment }
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Sources/GtkDemo/Options.swift
    return parts.joined(separator: "/") + "/Resources"
  }

  struct UsageError: Error {
    let message: String
  }

  init(arguments: [String]) throws {
    var rest = arguments[...]
    func value(for flag: String) throws -> String {
      guard let next = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
      return next
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--snapshot":
        snapshotPath = try value(for: argument)
      case "--frames":
        let text = try value(for: argument)
        guard let count = Int(text), count >= 1 else {
          throw UsageError(message: "--frames needs a positive integer, got '\(text)'")
        }
        frames = count
      case "--size":
        let text = try value(for: argument)
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 200, parts[1] >= 200 else {
          throw UsageError(message: "--size needs WxH with both at least 200, got '\(text)'")
        }
        (width, height) = (parts[0], parts[1])
      case "--resources":
        resources = try value(for: argument)
      case "--measure-idle":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds > 0 else {
          throw UsageError(message: "--measure-idle needs a positive number, got '\(text)'")
        }
        measureIdleSeconds = seconds
      case "--screenshot-after":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds > 0 else {
          throw UsageError(message: "--screenshot-after needs a positive number, got '\(text)'")
        }
        screenshot = (seconds, try value(for: argument))
      case "--inject":
        injectInput = true
      case "--trace":
        trace = true
      case "--check-contacts":
        checkContacts = true
      case "-h", "--help":
        throw UsageError(message: "")
      default:
        throw UsageError(message: "unknown argument '\(argument)'")
      }
    }
  }
}
