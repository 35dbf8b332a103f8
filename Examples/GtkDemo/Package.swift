// swift-tools-version: 6.1
import PackageDescription

// A nested package: the root package never needs it, and it needs GTK 4 (`Scripts/install-deps.sh`).
let package = Package(
  name: "GtkDemo",
  products: [
    .library(name: "ReelGtk", targets: ["ReelGtk"]),
    .executable(name: "gtk-demo", targets: ["GtkDemo"]),
    .executable(name: "snapshot-check", targets: ["SnapshotCheck"]),
  ],
  dependencies: [
    // The root Reel package, by path. Its product is named by a plain string ("Reel") below,
    // because a path dependency's identity is its folder name, which differs per checkout.
    .package(name: "Reel", path: "../..")
  ],
  targets: [
    // GTK 4 through pkg-config, with shims for the C macros Swift cannot import.
    .systemLibrary(
      name: "CGtk4",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    // The GTK frontend infrastructure; later the adapter that drives it from the Reel engine.
    .target(name: "ReelGtk", dependencies: ["CGtk4", .product(name: "Reel", package: "Reel")]),
    .executableTarget(name: "GtkDemo", dependencies: ["ReelGtk", "CGtk4", .product(name: "Reel", package: "Reel")]),
    // Checks a snapshot PNG: size, not blank, colours in regions, and a golden comparison.
    .executableTarget(name: "SnapshotCheck", dependencies: ["CGtk4"]),
  ],
  swiftLanguageModes: [.v6]
)
