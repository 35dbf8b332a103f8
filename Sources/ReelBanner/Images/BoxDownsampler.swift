/// Area-averaging (box filter) reduction of a Netpbm raster to a size that fits a target.
///
/// Each source pixel belongs to exactly one destination pixel: source column `x` goes to column
/// `x * outWidth / width` (rounded down), and likewise for rows, so every destination pixel
/// averages a box of `⌊w/W⌋` or `⌈w/W⌉` columns by `⌊h/H⌋` or `⌈h/H⌉` rows. With an integer
/// ratio this is exact area averaging. Only one destination row of running sums is kept, so the
/// working memory is proportional to the output width, not to the source.
enum BoxDownsampler {
  /// The largest size with the source's aspect ratio (rounded to whole pixels, at least 1×1) that
  /// fits inside `target`; the source size itself when it already fits. Never enlarges.
  ///
  /// - Precondition: all dimensions are positive and the source's are at most 2^24.
  static func fittedSize(width: Int, height: Int, inside target: PixelSize) -> PixelSize {
    // Clamping the target to the source changes no answer (a bound at or above the source's
    // size never binds) and keeps every product below 2^48.
    let targetWidth = min(target.width, width)
    let targetHeight = min(target.height, height)
    if targetWidth == width && targetHeight == height {
      return PixelSize(width: width, height: height)
    }
    if width * targetHeight >= height * targetWidth {
      // The width binds: width / height >= targetWidth / targetHeight.
      let scaled = (height * targetWidth + width / 2) / width
      return PixelSize(width: targetWidth, height: max(1, scaled))
    } else {
      let scaled = (width * targetHeight + height / 2) / height
      return PixelSize(width: max(1, scaled), height: targetHeight)
    }
  }

  /// Reduces the raster `header` describes to fit `target`, converting to 8-bit RGB or RGBA.
  ///
  /// - Precondition: `header` came from ``PortableAnymapHeader/parse(_:)`` on these `bytes`, so
  ///   the raster is in bounds.
  /// - Complexity: O(source pixels × channels) time, O(output width × channels) extra memory.
  static func reduce(
    _ bytes: [UInt8], header: PortableAnymapHeader, fitting target: PixelSize
  ) -> PixelImage {
    let size = fittedSize(width: header.width, height: header.height, inside: target)
    let channels = header.channels
    let outFormat: PixelFormat = channels % 2 == 0 ? .rgba : .rgb
    let outStride = outFormat.bytesPerPixel
    var output = [UInt8](repeating: 0, count: size.width * size.height * outStride)

    // Source column `x` goes to destination column `x * size.width / header.width`, so column
    // `c` averages the source columns from ⌈c·w/W⌉ up to ⌈(c+1)·w/W⌉. Computed as needed, not
    // kept per source column: the working memory follows the output, not the source.
    func firstSourceColumn(_ column: Int) -> Int {
      (column * header.width + size.width - 1) / size.width
    }

    var sums = [Int](repeating: 0, count: size.width * channels)
    var rowsInBox = 0
    let maximum = header.maximumValue
    let wide = header.bytesPerSample == 2
    var offset = header.rasterOffset
    for y in 0..<header.height {
      let outRow = y * size.height / header.height
      for x in 0..<header.width {
        let base = x * size.width / header.width * channels
        for channel in 0..<channels {
          var sample = Int(bytes[offset])
          if wide {
            sample = sample << 8 | Int(bytes[offset + 1])
          }
          offset += header.bytesPerSample
          // Samples above maxval are invalid; clamp so the scaled value stays within 0...255.
          sums[base + channel] += min(sample, maximum)
        }
      }
      rowsInBox += 1
      let lastRowOfBox = y + 1 == header.height || (y + 1) * size.height / header.height != outRow
      guard lastRowOfBox else { continue }
      for column in 0..<size.width {
        let columns = firstSourceColumn(column + 1) - firstSourceColumn(column)
        let denominator = columns * rowsInBox * maximum
        let outBase = (outRow * size.width + column) * outStride
        for channel in 0..<channels {
          let sum = sums[column * channels + channel]
          let value = UInt8((sum * 255 + denominator / 2) / denominator)
          if channels <= 2 && channel == 0 {
            output[outBase] = value  // grey fans out to red, green and blue
            output[outBase + 1] = value
            output[outBase + 2] = value
          } else {
            output[outBase + (channels <= 2 ? 3 : channel)] = value
          }
        }
      }
      for index in sums.indices { sums[index] = 0 }
      rowsInBox = 0
    }
    return PixelImage(width: size.width, height: size.height, format: outFormat, pixels: output)
  }
}
