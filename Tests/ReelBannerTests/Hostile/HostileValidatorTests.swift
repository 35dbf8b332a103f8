import Foundation
import Testing

@testable import ReelBanner

extension NetworkTests {
  /// Validators a server gives are sent back only to that server, and only when well formed.
  @Suite struct HostileValidators {
    func image(_ path: String, _ h: NetworkHarness) async throws -> PixelImage {
      try await ImagePipeline<PixelImage>(loader: DefaultImageDataLoader(network: h.loader))
        .image(for: h.source(path), targetSize: Fixtures.one)
    }

    @Test func aRedirectTargetsETagIsNeverSentToTheOriginalHost() async throws {
      let server = try LoopbackHTTPServer { request in
        request.path == "/moved"
          ? LoopbackHTTPServer.Reply(status: 302, headers: [("Location", "/etag/3")])
          : FaultRoutes.handle(request)
      }
      let h = try NetworkHarness(server: server)
      #expect(try await image("/moved", h) == Fixtures.itemImage(3))
      #expect(try await image("/moved", h) == Fixtures.itemImage(3))
      let moved = h.server.records.filter { $0.path == "/moved" }
      #expect(moved.count == 2, "the no-cache entry is revalidated, by a full request")
      #expect(moved.allSatisfy { $0.headers["if-none-match"] == nil })
      #expect(await h.finish() == .zero)
    }

    @Test(arguments: [
      "v1", "\"v1\" X-Injected: yes", "\"v\"1\"", "W/v1", String(repeating: "\"", count: 2_000),
    ])
    func aMalformedETagIsNotSentBack(etag: String) async throws {
      let server = try LoopbackHTTPServer { _ in
        LoopbackHTTPServer.Reply(
          status: 200,
          headers: [
            ("Content-Type", "image/x-portable-pixmap"), ("ETag", etag),
            ("Cache-Control", "no-cache"),
          ],
          body: Fixtures.itemPPM(4))
      }
      let h = try NetworkHarness(server: server)
      #expect(try await image("/e", h) == Fixtures.itemImage(4))
      #expect(try await image("/e", h) == Fixtures.itemImage(4))
      let records = h.server.records
      #expect(records.count == 2 && records.allSatisfy { $0.headers["if-none-match"] == nil })
      #expect(await h.finish() == .zero)
    }

    @Test func validatorsAreChecked() {
      #expect(HTTPFreshness.validETag("\"v1\"") == "\"v1\"")
      #expect(HTTPFreshness.validETag("W/\"v1\"") == "W/\"v1\"")
      #expect(HTTPFreshness.validETag("\"v1\"\rX-Injected: yes") == nil)
      #expect(HTTPFreshness.validDate("Tue, 14 Nov 2023 22:13:20 GMT") != nil)
      #expect(HTTPFreshness.validDate("Tue\r\nX-Injected: yes") == nil)
    }
  }
}
