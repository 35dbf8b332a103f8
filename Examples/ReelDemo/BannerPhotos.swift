import Glibc
import ReelBanner
import ReelTerminal

#if Pixbuf
  import ReelPixbuf
#endif

/// The banner's photos (`Pictures/`, next to this file: three JPEGs and a PNG, made by
/// `Pictures/make-pictures.sh`), decoded with `PixbufDecoder` when the demo is built with the
/// `Pixbuf` trait (`swift run --traits Pixbuf reel-demo`); without it there is no decoder for
/// them and the cards show their generated pictures.
enum BannerPhotos {
  /// Whether this build decodes the photos.
  static var areAvailable: Bool {
    #if Pixbuf
      true
    #else
      false
    #endif
  }

  /// The photo `name` filling `width` × `height` pixels (scaled to cover, the middle kept), or
  /// `nil` without the trait or when the file cannot be read or decoded.
  static func picture(named name: String, width: Int, height: Int) -> PixelGrid? {
    #if Pixbuf
      guard width > 0, height > 0, let data = read(directory + "/" + name),
        let image = try? PixbufDecoder().decode(
          data, fitting: PixelSize(width: width * 4, height: height * 4))
      else { return nil }
      return cover(image, width: width, height: height)
    #else
      return nil
    #endif
  }

  /// `Pictures/` beside this source file.
  static var directory: String {
    let file = "\(#filePath)"
    return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Pictures"
  }

  /// `image` scaled to cover `width` × `height`, each pixel the mean of the image's pixels under it.
  static func cover(_ image: PixelImage, width: Int, height: Int) -> PixelGrid {
    let scale = min(
      Double(image.size.width) / Double(width), Double(image.size.height) / Double(height))
    let left = (Double(image.size.width) - scale * Double(width)) / 2
    let top = (Double(image.size.height) - scale * Double(height)) / 2
    var pixels: [TerminalColor] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width {
        let x0 = Int(left + scale * Double(x))
        let y0 = Int(top + scale * Double(y))
        let x1 = max(x0 + 1, min(image.size.width, Int(left + scale * Double(x + 1))))
        let y1 = max(y0 + 1, min(image.size.height, Int(top + scale * Double(y + 1))))
        var sum = (0, 0, 0)
        for sy in y0..<y1 {
          for sx in x0..<x1 {
            let pixel = image.pixel(x: sx, y: sy)
            sum = (sum.0 + Int(pixel[0]), sum.1 + Int(pixel[1]), sum.2 + Int(pixel[2]))
          }
        }
        let count = (x1 - x0) * (y1 - y0)
        pixels.append(
          TerminalColor(
            red: UInt8(sum.0 / count), green: UInt8(sum.1 / count), blue: UInt8(sum.2 / count)))
      }
    }
    return PixelGrid(width: width, height: height, pixels: pixels)
  }

  /// The bytes of a file of at most 1 MiB, or `nil`.
  static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while bytes.count < 1 << 20 {
      let count = fread(&chunk, 1, chunk.count, file)
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}
