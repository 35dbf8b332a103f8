import CGtk4
import ReelGtk

#if canImport(Glibc)
  import Glibc
#endif

/// A decoded image: `0xAARRGGBB` pixels, row by row, not premultiplied.
struct Image {
  let width: Int
  let height: Int
  var pixels: [UInt32]

  /// Decodes a PNG through `gdk_texture_new_from_filename` and `gdk_texture_download`, or an
  /// X window dump (a path ending in `.xwd`) with ``XWD``.
  @MainActor init(contentsOf path: String) throws {
    if path.hasSuffix(".xwd") {
      self = try XWD.decode(try readFile(path))
      return
    }
    let texture = try Texture(contentsOf: path)
    width = texture.width
    height = texture.height
    pixels = texture.pixels()
  }

  init(width: Int, height: Int, pixels: [UInt32]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The part of the image at (`x`, `y`) of the given size.
  ///
  /// - Precondition: the part lies inside the image.
  func cropped(x: Int, y: Int, width: Int, height: Int) -> Image {
    precondition(
      x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height,
      "Image.cropped: the part lies outside the image")
    var part = [UInt32]()
    part.reserveCapacity(width * height)
    for row in y..<(y + height) {
      part += pixels[(row * self.width + x)..<(row * self.width + x + width)]
    }
    return Image(width: width, height: height, pixels: part)
  }

  subscript(x: Int, y: Int) -> UInt32 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// Writes the image as a PNG through a `GdkMemoryTexture`.
  @MainActor func savePNG(to path: String) throws {
    var bytes = [UInt8]()
    bytes.reserveCapacity(width * height * 4)
    for pixel in pixels {
      bytes += [UInt8(pixel >> 16 & 0xff), UInt8(pixel >> 8 & 0xff), UInt8(pixel & 0xff)]
      bytes.append(UInt8(pixel >> 24))
    }
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, UInt($0.count)) }
    defer { g_bytes_unref(data) }
    let texture = gdk_memory_texture_new(
      Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, data, UInt(width * 4))!
    try Texture(adopting: texture).savePNG(to: path)
  }
}

/// The bytes of a file.
func readFile(_ path: String) throws -> [UInt8] {
  guard let file = fopen(path, "rb") else { throw GtkError("cannot open \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count == 0 { break }
    bytes += chunk[0..<count]
  }
  return bytes
}

/// One colour as components.
struct RGB: CustomStringConvertible {
  var r: Int
  var g: Int
  var b: Int

  init(_ pixel: UInt32) {
    r = Int(pixel >> 16 & 0xff)
    g = Int(pixel >> 8 & 0xff)
    b = Int(pixel & 0xff)
  }

  init(r: Int, g: Int, b: Int) {
    (self.r, self.g, self.b) = (r, g, b)
  }

  /// Parses `RRGGBB` or `#RRGGBB`.
  init?(hex: Substring) {
    let digits = hex.hasPrefix("#") ? hex.dropFirst() : hex
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    self.init(value)
  }

  /// The largest difference over the three channels.
  func distance(to other: RGB) -> Int {
    max(abs(r - other.r), abs(g - other.g), abs(b - other.b))
  }

  var description: String {
    let hex = String((r << 16) | (g << 8) | b, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - hex.count) + hex
  }
}
