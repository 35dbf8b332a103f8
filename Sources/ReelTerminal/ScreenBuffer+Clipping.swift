extension ScreenBuffer {
  /// Runs `body` with drawing limited to `rect` (within the current clip), then restores the
  /// previous clip.
  ///
  /// Every drawing call (``set(_:x:y:)``, ``fill(_:with:)``, ``drawText(_:in:style:overflow:)``,
  /// ``drawBox(_:border:style:)``, ``drawPicture(_:x:y:background:)``) leaves the cells outside
  /// `rect` untouched, so a cell that is half scrolled out of its list can draw itself as if it
  /// were whole. The subscript setter is not clipped. Clips nest: an inner clip is intersected
  /// with the outer one.
  ///
  /// ```swift
  /// screen.withClip(CellRect(x: 0, y: 2, width: 40, height: 10)) { screen in
  ///   screen.drawBox(CellRect(x: 0, y: 0, width: 40, height: 5))  // only rows 2–4 change
  /// }
  /// ```
  ///
  /// - Complexity: O(1) plus the cost of `body`.
  public mutating func withClip<Result>(
    _ rect: CellRect, _ body: (inout ScreenBuffer) throws -> Result
  ) rethrows -> Result {
    let saved = clip
    clip = rect.intersection(saved ?? bounds)
    defer { clip = saved }
    return try body(&self)
  }
}
