#if GTK
  import CGtk4
  import ReelBanner

  /// An image loaded into a `GdkTexture`.
  ///
  /// ```swift
  /// let icon = try Texture(contentsOf: "Resources/icon-star.png")
  /// container.add(icon.makePicture(), frame: WidgetFrame(x: 16, y: 16, width: 48, height: 48))
  /// ```
  @MainActor
  public final class Texture {
    /// The underlying `GdkTexture *`, owned (one reference) by this object.
    public let pointer: OpaquePointer

    /// Loads an image file (PNG, JPEG, …) with `gdk_texture_new_from_filename`.
    public init(contentsOf path: String) throws {
      var error: UnsafeMutablePointer<GError>?
      guard let texture = gdk_texture_new_from_filename(path, &error) else {
        throw GtkError("cannot load \(path)", consuming: error)
      }
      pointer = texture
    }

    /// A texture with the pixels of a decoded image (from ``PixbufDecoder`` or any decoder
    /// producing `PixelImage`).
    ///
    /// - Complexity: O(pixels): GDK copies them once.
    public init(_ image: PixelImage) {
      let format = image.format == .rgba ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
      let bytes = image.pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, UInt($0.count)) }
      defer { g_bytes_unref(bytes) }
      pointer = gdk_memory_texture_new(
        Int32(image.width), Int32(image.height), format, bytes,
        UInt(image.width * image.format.bytesPerPixel))!
    }

    /// Takes over a texture reference (for example one returned by a renderer).
    public init(adopting texture: OpaquePointer) {
      pointer = texture
    }

    /// The texture's width in pixels.
    public var width: Int { Int(gdk_texture_get_width(pointer)) }

    /// The texture's height in pixels.
    public var height: Int { Int(gdk_texture_get_height(pointer)) }

    /// Writes the texture as a PNG file.
    public func savePNG(to path: String) throws {
      guard gdk_texture_save_to_png(pointer, path) != 0 else {
        throw GtkError("cannot write PNG \(path)")
      }
    }

    /// The pixels, one `0xAARRGGBB` value per pixel, row by row, not premultiplied.
    public func pixels() -> [UInt32] {
      let (width, height) = (self.width, self.height)
      var bytes = [UInt8](repeating: 0, count: width * height * 4)
      bytes.withUnsafeMutableBufferPointer { buffer in
        // Cairo's ARGB32: native-endian 32-bit words, premultiplied alpha.
        gdk_texture_download(pointer, buffer.baseAddress, UInt(width * 4))
      }
      var result = [UInt32](repeating: 0, count: width * height)
      bytes.withUnsafeBytes { raw in
        for index in 0..<(width * height) {
          let word = raw.load(fromByteOffset: index * 4, as: UInt32.self)
          result[index] = Texture.unpremultiplied(UInt32(littleEndian: word))
        }
      }
      return result
    }

    /// Undoes premultiplied alpha in one `0xAARRGGBB` pixel.
    private static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
      let alpha = pixel >> 24
      guard alpha != 0, alpha != 255 else { return alpha == 0 ? 0 : pixel }
      func channel(_ shift: UInt32) -> UInt32 {
        min(255, (((pixel >> shift) & 0xff) * 255 + alpha / 2) / alpha) << shift
      }
      return (alpha << 24) | channel(16) | channel(8) | channel(0)
    }

    /// A new `GtkPicture` showing this texture, scaled to fit whatever frame it is given.
    public func makePicture() -> Widget {
      let picture = gtk_picture_new_for_paintable(
        reel_gdk_paintable(UnsafeMutableRawPointer(pointer)))!
      let gtkPicture = reel_gtk_picture(picture)
      gtk_picture_set_can_shrink(gtkPicture, 1)
      gtk_picture_set_content_fit(gtkPicture, GTK_CONTENT_FIT_CONTAIN)
      return Widget(picture)
    }

    isolated deinit {
      reel_g_object_unref(UnsafeMutableRawPointer(pointer))
    }
  }
#endif
