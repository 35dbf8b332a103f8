import Reel
import ReelTerminal

/// Renders the demo as plain text, without a terminal: frames `interval` seconds of simulated
/// time apart, so the banner's autoplay visibly turns pages; before each frame after the first
/// the list (the million rows, or the contacts with `--sections`) also pages down, as a user
/// would; the chat (`--chat`) is left to follow its newest message.
enum PlainTextRun {
  static func run(
    frames: Int, size: TerminalSize, interval: Double, theme: Theme, options: DemoOptions
  ) {
    let scene = DemoScene(theme: theme, seed: options.seed, animation: options.animation)
    if options.sections { scene.toggleContacts() }
    if options.chat { scene.toggleChat() }
    let step = Duration.milliseconds(Int64((interval * 1000).rounded()))
    let screens = TerminalApp.renderFrames(scene, size: size, count: frames, interval: step) {
      frame in
      if frame > 0 && !options.chat { scene.pageForward() }
    }
    for (number, screen) in screens.enumerated() {
      let seconds = (interval * Double(number) * 10).rounded() / 10
      print(
        "── reel-demo frame \(number + 1)/\(frames) · t=\(seconds)s · "
          + "\(screen.width)x\(screen.height) ──")
      for line in screen.textLines {
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        print(trimmed)
      }
    }
  }
}
