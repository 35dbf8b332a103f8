import Foundation
import Testing

@testable import ReelBanner

@Suite struct DefaultImageDataLoaderTests {
  let loader = DefaultImageDataLoader()
  let ppm = Fixtures.ppm(width: 1, height: 1, [255, 0, 0])

  /// A fresh directory under the system's temporary directory, removed by `body`'s end.
  func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("reel-images-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  @Test func readsFilesByPathAndByFileURL() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("red banner.ppm")
      try Data(ppm).write(to: file)
      #expect(try await loader.data(for: .file(path: file.path)) == ppm)
      #expect(try await loader.data(for: .url(file)) == ppm)

      let pipeline = ImagePipeline<PixelImage>(loader: loader)
      let image = try await pipeline.image(for: .url(file), targetSize: Fixtures.one)
      #expect(image.pixels == [255, 0, 0])
    }
  }

  @Test func aMissingFileIsATypedError() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("missing.ppm").path
      await #expect(throws: ImageLoadingError.unreadableFile(path: path)) {
        try await loader.data(for: .file(path: path))
      }
      await #expect(throws: ImageLoadingError.unreadableFile(path: directory.path)) {
        try await loader.data(for: .file(path: directory.path))
      }
    }
  }

  @Test func readsBase64DataURLs() async throws {
    let text = "data:image/x-portable-pixmap;base64," + Data(ppm).base64EncodedString()
    #expect(try await loader.data(for: .url(URL(string: text)!)) == ppm)
    // The example in DefaultImageDataLoader's documentation.
    let example = URL(string: "data:;base64,UDYKMSAxCjI1NQr/AAA=")!
    #expect(try await loader.data(for: .url(example)) == ppm)
  }

  @Test func readsPercentEncodedDataURLs() async throws {
    let url = URL(string: "data:,P6%0A1%201%0A255%0A%FF%00%00")!
    #expect(try await loader.data(for: .url(url)) == ppm)
  }

  @Test(arguments: ["data:", "data:no-comma", "data:;base64,!!!!", "data:,%G0", "data:,%4"])
  func rejectsMalformedDataURLs(text: String) {
    #expect(throws: ImageLoadingError.malformedDataURL) {
      try DefaultImageDataLoader.decodeDataURL(text)
    }
  }

  @Test func httpAndHTTPSGoToTheNetworkLoaderOtherSchemesToTheGivenOne() async throws {
    #expect(loader.network as? NetworkImageLoader === NetworkImageLoader.shared)
    let network = ControlledLoader()
    let others = ControlledLoader()
    let chained = DefaultImageDataLoader(network: network, otherSchemes: others)
    for (text, target) in [
      ("https://example.com/a.ppm", network), ("http://example.com/b.ppm", network),
      ("s3://bucket/c.ppm", others),
    ] {
      let source = ImageSource.url(URL(string: text)!)
      let task = Task { try await chained.data(for: source) }
      await target.waitForRequest(source)
      target.complete(source, with: ppm)
      #expect(try await task.value == ppm)
    }
    let s3 = ImageSource.url(URL(string: "s3://bucket/c.ppm")!)
    await #expect(throws: ImageLoadingError.unsupportedScheme("s3")) {
      try await loader.data(for: s3)
    }
  }

  @Test func sourcesFromText() {
    #expect(ImageSource(string: "/srv/a.ppm") == .file(path: "/srv/a.ppm"))
    #expect(
      ImageSource(string: "https://example.com/a.ppm")
        == .url(URL(string: "https://example.com/a.ppm")!))
    #expect(ImageSource(string: "relative/a.ppm") == nil)
    #expect(ImageSource(string: "") == nil)
  }

  @Test func memorySources() async throws {
    let encoded = ImageSource.memory(InMemoryImage(key: "k", encoded: ppm))
    #expect(try await loader.data(for: encoded) == ppm)
    let decoded = ImageSource.memory(InMemoryImage(key: "k", image: Fixtures.itemImage(1)))
    await #expect(throws: ImageLoadingError.memoryImageTypeMismatch) {
      try await loader.data(for: decoded)
    }
    #expect(encoded == decoded, "in-memory sources are identified by key")
    let first = InMemoryImage(key: "k", encoded: ppm)
    let second = InMemoryImage(key: "k", image: Fixtures.itemImage(1))
    var firstHasher = Hasher()
    var secondHasher = Hasher()
    first.hash(into: &firstHasher)
    second.hash(into: &secondHasher)
    #expect(firstHasher.finalize() == secondHasher.finalize(), "equal images hash alike")
  }

  @Test func aCancelledTaskReadsNothing() async throws {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await DefaultImageDataLoader().data(for: .file(path: "/dev/null"))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
