import ReelBanner
import Testing

/// Small public properties of the banner's types, each against the values that define it.
@Suite struct SmallBannerPropertyTests {
  @Test func autoplayIsEnabledUnlessOff() {
    #expect(Autoplay.every(.seconds(2)).isEnabled)
    #expect(!Autoplay.off.isEnabled)
  }

  @Test func reducedMotionAllowsAutoplayUnlessItSaysNoAutoplay() {
    #expect(ReducedMotionPolicy.animate.allowsAutoplay)
    #expect(ReducedMotionPolicy.instant.allowsAutoplay)
    #expect(!ReducedMotionPolicy.noAutoplay.allowsAutoplay)
  }

  @Test func pixelSizesAndFormats() {
    #expect(PixelSize(width: 1, height: 1).isPositive)
    #expect(!PixelSize(width: 0, height: 5).isPositive)
    #expect(!PixelSize(width: 5, height: 0).isPositive)
    #expect(PixelFormat.rgb.bytesPerPixel == 3 && PixelFormat.rgba.bytesPerPixel == 4)
  }

  @Test func transientErrorsAreTheOnesWorthRetrying() {
    let transient: [NetworkImageError] = [
      .status(503), .status(500), .timedOut, .cannotConnect("refused"), .connectionLost,
      .truncatedBody(expected: 10, received: 3),
    ]
    let permanent: [NetworkImageError] = [
      .status(404), .status(400), .tooLarge(limit: 10), .tooManyRedirects(limit: 5),
      .malformedResponse("bad status line"), .notAnImage(contentType: "text/html"),
    ]
    #expect(transient.allSatisfy { $0.isTransient })
    #expect(!permanent.contains { $0.isTransient })
  }
}
