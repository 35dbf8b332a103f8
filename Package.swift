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
    // The GTK 4 frontend. Its code is compiled only with the `GTK` trait; without it the
    // module is empty and nothing needs GTK's headers.
    .library(name: "ReelGtk", targets: ["ReelGtk"]),
    // PixbufDecoder: PNG, JPEG, GIF and the other GdkPixbuf formats for ReelBanner's image
    // pipeline, for any frontend. Compiled only with the `Pixbuf` trait (which `GTK` turns on).
    .library(name: "ReelPixbuf", targets: ["ReelPixbuf"]),
    .executable(name: "reel-demo", targets: ["ReelDemo"]),
    .executable(name: "reel-bench", targets: ["ReelBench"]),
    .executable(name: "reel-motion-plot", targets: ["MotionPlot"]),
  ],
  traits: [
    .trait(
      name: "GTK",
      description: "The GTK 4 frontend (ReelGtk): needs libgtk-4-dev through pkg-config.",
      enabledTraits: ["Pixbuf"]),
    .trait(
      name: "Pixbuf",
      description:
        "PixbufDecoder (ReelPixbuf), PNG/JPEG/GIF decoding without a display: needs "
        + "libgdk-pixbuf-2.0-dev through pkg-config."),
    .default(enabledTraits: []),
  ],
  targets: [
    // Layers 1–4: layout math, reuse pools, the virtualizer and motion.
    .target(name: "Reel", dependencies: ["CReelSupport"], linkerSettings: linkMath),
    // What Swift cannot say: the cache prefetch of the extent store's descents (a header of
    // inline C, compiled into its Swift callers).
    .target(name: "CReelSupport"),
    // Layer 5: the banner carousel and its image pipeline.
    .target(name: "ReelBanner", dependencies: ["Reel"], linkerSettings: linkMath),
    // Layer 6: the dependency-free terminal frontend (the engine only, no image pipeline).
    .target(name: "ReelTerminal", dependencies: ["Reel"], linkerSettings: linkMath),
    // Glue: a ReelBanner carousel driven by the terminal frontend's input router.
    .target(
      name: "ReelTerminalBanner", dependencies: ["ReelTerminal", "ReelBanner"],
      linkerSettings: linkMath),
    // GTK 4 through pkg-config, with shims for the C macros Swift cannot import. Reached only
    // through the trait-conditioned dependency below, so a build without `GTK` never looks it up.
    .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    // GdkPixbuf alone through pkg-config (no display); reached only with the `Pixbuf` trait.
    .systemLibrary(
      name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
    ),
    // PixbufDecoder: `#if Pixbuf` around all of it.
    .target(
      name: "ReelPixbuf",
      dependencies: [
        "ReelBanner", .target(name: "CGdkPixbuf", condition: .when(traits: ["Pixbuf"])),
      ]
    ),
    // The GTK 4 frontend: `#if GTK` around all of it. It re-exports ReelPixbuf.
    .target(
      name: "ReelGtk",
      dependencies: [
        "Reel", "ReelBanner", "ReelPixbuf",
        .target(name: "CGtk4", condition: .when(traits: ["GTK"])),
      ],
      linkerSettings: linkMath
    ),
    // Public test support: manual clock, recording cells, conformance checks.
    .target(name: "ReelTesting", dependencies: ["Reel"], linkerSettings: linkMath),
    .executableTarget(
      name: "ReelDemo",
      dependencies: ["Reel", "ReelBanner", "ReelTerminal", "ReelTerminalBanner", "ReelPixbuf"],
      path: "Examples/ReelDemo",
      // The banner's photos, read from the source tree (shown with the `Pixbuf` trait).
      exclude: ["Pictures"],
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
      dependencies: ["Reel", "ReelBanner", "ReelTerminal"],
      path: "Benchmarks/ReelBench",
      linkerSettings: linkMath
    ),
    // Helpers shared by the test targets (exit-test messages); not a product.
    .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
    .testTarget(name: "ReelTests", dependencies: ["Reel", "ReelTesting", "ReelTestSupport"]),
    // With the `Pixbuf` trait, PixbufDecoder's tests too (Pixbuf/), bombs over the loopback
    // server included.
    .testTarget(
      name: "ReelBannerTests",
      dependencies: [
        "ReelBanner", "ReelTesting", "ReelTestSupport", "ReelPixbuf",
        .target(name: "CGdkPixbuf", condition: .when(traits: ["Pixbuf"])),
      ]
    ),
    .testTarget(name: "ReelTerminalTests", dependencies: ["ReelTerminal", "ReelTesting"]),
    .testTarget(
      name: "ReelTerminalBannerTests", dependencies: ["ReelTerminalBanner", "ReelTesting"]),
    .testTarget(name: "ReelTestingTests", dependencies: ["ReelTesting", "ReelBanner"]),
    // The demo in real terminals (tmux), and its theme's contrast (imports the executable).
    .testTarget(name: "ReelDemoTests", dependencies: ["ReelTesting", "ReelDemo", "ReelTerminal"]),
    // Headless GTK tests (under Xvfb); empty without the `GTK` trait.
    .testTarget(
      name: "ReelGtkTests",
      dependencies: [
        "ReelGtk", "ReelTesting", .target(name: "CGtk4", condition: .when(traits: ["GTK"])),
      ],
      linkerSettings: linkMath
    ),
  ],
  swiftLanguageModes: [.v6]
)
