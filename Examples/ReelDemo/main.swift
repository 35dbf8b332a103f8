import Glibc
import ReelTerminal

// reel-demo: a banner carousel above a 1,000,000-row list (or contacts under sticky headers, or a chat), full screen in a terminal, or a few
// plain-text frames without one. See DemoOptions.usage.

let options: DemoOptions
do {
  options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandleOutput.standardError("reel-demo: \(error)\n\(DemoOptions.usage)\n")
  exit(2)
}

if options.help {
  print(DemoOptions.usage)
} else if options.bench {
  FrameBenchmark.run(size: options.size ?? (200, 60))
} else if options.frames != nil || !TerminalIO.isTerminal(STDIN_FILENO)
  || !TerminalIO.isTerminal(STDOUT_FILENO)
{
  let size = options.size ?? (100, 30)
  PlainTextRun.run(
    frames: options.frames ?? 3, size: TerminalSize(columns: size.columns, rows: size.rows),
    interval: options.interval, theme: Theme.named(options.theme ?? .dark), options: options)
} else {
  do {
    let scene = DemoScene(
      theme: Theme.named(options.theme ?? .dark), followsTerminalTheme: options.theme == nil,
      seed: options.seed, animation: options.animation)
    scene.showsStats = options.stats
    scene.rows.prebuildHorizontalLayout()
    if options.sections { scene.toggleContacts() }
    if options.chat { scene.toggleChat() }
    let app = TerminalApp()
    app.colorDepth = options.colors
    app.queriesBackgroundColor = options.theme == nil
    try app.run(scene)
  } catch {
    FileHandleOutput.standardError("reel-demo: \(error)\n")
    exit(1)
  }
}
