// swift-tools-version: 6.1
import PackageDescription

/// `rounded()` and `exp` lower to libm calls; link `m` explicitly on Linux (see DESIGN.md).
let linkMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

// A nested package: the root package never needs it. It needs GTK 4: `Scripts/install-deps.sh`.
let package = Package(
  name: "GtkDemo",
  products: [
    .library(name: "ReelGtk", targets: ["ReelGtk"]),
    .executable(name: "gtk-demo", targets: ["GtkDemo"]),
    .executable(name: "snapshot-check", targets: ["SnapshotCheck"]),
  ],
  dependencies: [
    // The root Reel package, by path. A path dependency's identity is its folder name, which
    // differs per checkout (main, a worktree, CI's clone), so it is given the name "Reel".
    .package(name: "Reel", path: "../..")
  ],
  targets: [
    // GTK 4 through pkg-config, with shims for the C macros Swift cannot import.
    .systemLibrary(
      name: "CGtk4",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    // The GTK frontend: widgets, input, the frame clock, and the adapter (ReelGtkView) that
    // places pooled widgets where a VirtualList or a Banner says.
    .target(
      name: "ReelGtk",
      dependencies: [
        "CGtk4", .product(name: "Reel", package: "Reel"),
        .product(name: "ReelBanner", package: "Reel"),
      ],
      linkerSettings: linkMath
    ),
    .executableTarget(
      name: "GtkDemo",
      dependencies: [
        "ReelGtk", "CGtk4", .product(name: "Reel", package: "Reel"),
        .product(name: "ReelBanner", package: "Reel"),
      ],
      linkerSettings: linkMath
    ),
    // Checks a snapshot PNG: size, not blank, colours in regions, and a golden comparison.
    .executableTarget(
      name: "SnapshotCheck",
      dependencies: ["ReelGtk", "CGtk4"],
      linkerSettings: linkMath
    ),
  ],
  swiftLanguageModes: [.v6]
)
