// swift-tools-version: 6.1
import PackageDescription

/// `floor`, `ceil` and `rounded()` lower to libm calls; executables that use them through a
/// pure-Swift module fail to link on Linux unless `m` is linked explicitly.
let linkMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "Reel",
  products: [
    .library(name: "Reel", targets: ["Reel"]),
    .library(name: "ReelBanner", targets: ["ReelBanner"]),
    .library(name: "ReelTerminal", targets: ["ReelTerminal"]),
    .library(name: "ReelTerminalBanner", targets: ["ReelTerminalBanner"]),
    .library(name: "ReelTesting", targets: ["ReelTesting"]),
    .executable(name: "reel-demo", targets: ["ReelDemo"]),
    .executable(name: "reel-bench", targets: ["ReelBench"]),
    .executable(name: "reel-motion-plot", targets: ["MotionPlot"]),
  ],
  targets: [
    // Layers 1–4: layout math, reuse pools, the virtualizer and motion.
    .target(name: "Reel", linkerSettings: linkMath),
    // Layer 5: the banner carousel and its image pipeline.
    .target(name: "ReelBanner", dependencies: ["Reel"], linkerSettings: linkMath),
    // Layer 6: the dependency-free terminal frontend (the engine only, no image pipeline).
    .target(name: "ReelTerminal", dependencies: ["Reel"], linkerSettings: linkMath),
    // Glue: a ReelBanner carousel driven by the terminal frontend's input router.
    .target(
      name: "ReelTerminalBanner", dependencies: ["ReelTerminal", "ReelBanner"],
      linkerSettings: linkMath),
    // Public test support: manual clock, recording cells, conformance checks.
    .target(name: "ReelTesting", dependencies: ["Reel"], linkerSettings: linkMath),
    .executableTarget(
      name: "ReelDemo",
      dependencies: ["Reel", "ReelBanner", "ReelTerminal", "ReelTerminalBanner"],
      path: "Examples/ReelDemo",
      linkerSettings: linkMath
    ),
    .executableTarget(
      name: "MotionPlot",
      dependencies: ["Reel", "ReelTesting"],
      path: "Examples/MotionPlot",
      linkerSettings: linkMath
    ),
    .executableTarget(
      name: "ReelBench",
      dependencies: ["Reel", "ReelBanner"],
      path: "Benchmarks/ReelBench",
      linkerSettings: linkMath
    ),
    .testTarget(name: "ReelTests", dependencies: ["Reel", "ReelTesting"]),
    .testTarget(name: "ReelBannerTests", dependencies: ["ReelBanner", "ReelTesting"]),
    .testTarget(name: "ReelTerminalTests", dependencies: ["ReelTerminal", "ReelTesting"]),
    .testTarget(
      name: "ReelTerminalBannerTests", dependencies: ["ReelTerminalBanner", "ReelTesting"]),
    .testTarget(name: "ReelTestingTests", dependencies: ["ReelTesting", "ReelBanner"]),
    .testTarget(name: "ReelDemoTests", dependencies: ["ReelTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
