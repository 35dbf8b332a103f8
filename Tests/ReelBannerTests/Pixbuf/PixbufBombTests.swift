#if Pixbuf
  import Foundation
  import Glibc
  import ReelBanner
  import ReelPixbuf
  import Testing

  /// Decompression bombs of 20000 × 20000 pixels, served by the loopback HTTP server and
  /// loaded through the image pipeline with `PixbufDecoder`, each in a child process whose
  /// peak resident memory is measured from the moment before the load: it stays within the
  /// decoder's limit plus three target-size images.
  @Suite struct PixbufBombTests {
    static let target = PixelSize(width: 400, height: 400)
    /// `PixbufDecoder`'s default limit plus three target-size RGBA images.
    static let bound = (64 << 20) + 3 * 400 * 400 * 4

    /// A PNG bomb (about 300 KB claiming 1.2 GB of pixels) is refused from its header.
    @Test func aPNGBombIsRefusedWithinTheBound() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await PixbufBombTests.load(Bombs.png(width: 20_000, height: 20_000), type: "image/png")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      print(message, terminator: "")
      #expect(message.contains("the image is 20000 × 20000"), "\(message)")
      // A sanitizer's allocator keeps freed memory in quarantine: the bound is not checked there.
      if !Memory.underSanitizer { #expect(message.contains("within the bound"), "\(message)") }
    }

    /// A baseline JPEG bomb (about 1.6 MB claiming 400 M pixels) decodes at 1/8 scale to the
    /// target, within the bound.
    @Test func aJPEGBombDecodesAtAnEighthWithinTheBound() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await PixbufBombTests.load(Bombs.jpeg(width: 20_000, height: 20_000), type: "image/jpeg")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      print(message, terminator: "")
      #expect(message.contains("decoded 400×400"), "\(message)")
      // A sanitizer's allocator keeps freed memory in quarantine: the bound is not checked there.
      if !Memory.underSanitizer { #expect(message.contains("within the bound"), "\(message)") }
    }

    /// In the child: serves `bytes`, loads them through a pipeline, reports the outcome and the
    /// peak resident memory over the resident memory before the load on standard error, and
    /// exits 0 when the peak is within ``bound``.
    static func load(_ bytes: [UInt8], type: String) async {
      let reply = LoopbackHTTPServer.Reply(
        status: 200, headers: [("Content-Type", type)], body: bytes)
      guard let server = try? LoopbackHTTPServer(handler: { _ in reply }) else {
        FileHandle.standardError.write(Data("cannot start the loopback server\n".utf8))
        exit(2)
      }
      defer { server.stop() }
      let pipeline = ImagePipeline<PixelImage>(
        decoder: PixbufDecoder(), costLimit: 8 << 20, cost: { $0.byteCount })
      // Resets the peak (VmHWM) to the resident set now (Linux: clear_refs 5).
      let reset = open("/proc/self/clear_refs", O_WRONLY)
      if reset >= 0 {
        _ = write(reset, "5", 1)
        close(reset)
      }
      let before = status("VmRSS")
      let outcome: String
      do {
        let image = try await pipeline.image(for: .url(server.url("/bomb")), targetSize: target)
        outcome = "decoded \(image.size)"
      } catch {
        outcome = "\(error)"
      }
      let peak = status("VmHWM") - before
      let verdict = peak <= bound ? "within the bound" : "over the bound"
      FileHandle.standardError.write(
        Data(
          "\(type), \(bytes.count) bytes on the wire: \(outcome); peak resident memory \(peak >> 10) KiB over \(before >> 10) KiB, \(verdict) of \(bound >> 10) KiB\n"
            .utf8))
      exit(peak <= bound || Memory.underSanitizer ? 0 : 1)
    }

    /// A `kB` line of /proc/self/status, in bytes.
    static func status(_ field: String) -> Int {
      let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let number = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
        return (number.flatMap { Int($0) } ?? 0) << 10
      }
      return 0
    }
  }
#endif
