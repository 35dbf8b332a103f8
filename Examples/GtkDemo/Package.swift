// swift-tools-version: 6.1
import PackageDescription

/// `rounded()` and `exp` lower to libm calls; link `m` explicitly on Linux.
let linkMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

// The GTK 4 example app. It consumes `ReelGtk` the way any app does: Reel's package with the
// `GTK` trait on (an app outside the repository uses `.package(url:from:traits:)` instead of
// a path). It needs GTK 4: `Scripts/install-deps.sh`.
let package = Package(
  name: "GtkDemo",
  products: [
    .executable(name: "gtk-demo", targets: ["GtkDemo"]),
    .executable(name: "snapshot-check", targets: ["SnapshotCheck"]),
    // The README's minimal app, as it is (the consumer check also builds it by URL).
    .executable(name: "gtk-minimal", targets: ["Minimal"]),
    // ReelGtkView and GtkListView side by side on the same list and script.
    .executable(name: "list-bench", targets: ["ListBench"]),
  ],
  dependencies: [
    // The root Reel package, by path. A path dependency's identity is its folder name, which
    // differs per checkout (main, a worktree, CI's clone), so it is given the name "Reel".
    .package(name: "Reel", path: "../..", traits: ["GTK"])
  ],
  targets: [
    .executableTarget(
      name: "GtkDemo",
      dependencies: [
        .product(name: "ReelGtk", package: "Reel"), .product(name: "Reel", package: "Reel"),
        .product(name: "ReelBanner", package: "Reel"),
      ],
      linkerSettings: linkMath
    ),
    .executableTarget(
      name: "Minimal",
      dependencies: [
        .product(name: "ReelGtk", package: "Reel"), .product(name: "Reel", package: "Reel"),
      ],
      path: "Minimal",
      exclude: ["Package.swift.in"],
      linkerSettings: linkMath
    ),
    .executableTarget(
      name: "ListBench",
      dependencies: [
        "CListBench", .product(name: "ReelGtk", package: "Reel"),
        .product(name: "Reel", package: "Reel"),
      ],
      linkerSettings: linkMath
    ),
    // GtkListView fed as in C: a lazy GListModel, a signal factory, the frame clock timed.
    .systemLibrary(name: "CListBench", pkgConfig: "gtk4"),
    // Checks a snapshot PNG: size, not blank, colours in regions, and a golden comparison.
    .executableTarget(
      name: "SnapshotCheck",
      dependencies: [.product(name: "ReelGtk", package: "Reel")],
      linkerSettings: linkMath
    ),
  ],
  swiftLanguageModes: [.v6]
)
