/// Turns successive ``ScreenBuffer`` frames into the few ANSI bytes that update a terminal.
///
/// The renderer remembers what the terminal shows. Each ``render(_:)`` compares the new frame
/// with it cell by cell and writes only the changed cells: a cursor move only where the next
/// changed cell is not under the cursor (the shortest of `CSI row;col H`, `CSI n C`, `\r`,
/// `\r\n` or re-printing up to three unchanged cells), an SGR sequence only when the style
/// changes (24-bit colours as `38;2;r;g;b` and `48;2;r;g;b`, or mapped down to the terminal's
/// ``colorDepth``). A two-column glyph is written once, from its left cell; the next write
/// after it positions the cursor absolutely, so a terminal that counts the glyph's width
/// differently cannot shift the rest of the row. The first frame, a frame of
/// another size and the frame after ``invalidate()`` reset the attributes, clear the screen
/// and draw every non-blank cell. A frame equal to the previous one produces no bytes.
///
/// With ``lineMoves`` on, a band of rows that moved up or down (a list that scrolled) is moved
/// by the terminal itself — a scroll region (DECSTBM) and delete or insert line (`CSI n M`,
/// `CSI n L`) or scroll up or down (`CSI n S`, `CSI n T`) — before the cell diff, which then
/// writes only the rows the move uncovered and whatever else changed. ``TerminalApp`` turns it
/// on for the terminals whose terminfo entry has those sequences (see
/// ``LineMoveSequences/detect(environment:)``).
///
/// The output buffer is reused and only grows: in steady state (same size) a frame allocates
/// nothing.
///
/// ```swift
/// let renderer = FrameRenderer()
/// var screen = ScreenBuffer(width: 80, height: 24)
/// screen.drawText("hello", in: screen.bounds)
/// renderer.render(screen)
/// try renderer.write(to: STDOUT_FILENO)
/// ```
public final class FrameRenderer {
  /// The output buffer, cursor and pen; reused across frames.
  private var writer: ANSIWriter
  /// What the terminal shows, or `nil` when unknown (next frame redraws everything).
  private var front: ScreenBuffer?
  /// Row hashes of the shown and the next frame, for finding moved lines (storage reused).
  private var shownRows: [UInt64] = []
  private var nextRows: [UInt64] = []

  /// Whether and how moved rows are moved by the terminal rather than rewritten. Turn it on
  /// only with sequences the terminal supports: ``LineMoveSequences/detect()`` reads them from
  /// its terminfo entry.
  public var lineMoves: LineMoveSequences

  /// Creates a renderer that knows nothing of the screen: its first frame is a full redraw.
  ///
  /// ```swift
  /// let renderer = FrameRenderer(colorDepth: .detect(), lineMoves: .detect())
  /// ```
  ///
  /// - Parameters:
  ///   - colorDepth: how colours are written; 24-bit by default.
  ///   - lineMoves: whether and how rows that moved are moved by the terminal; off by
  ///     default. See ``lineMoves``.
  /// - Complexity: O(1).
  public init(colorDepth: ColorDepth = .trueColor, lineMoves: LineMoveSequences = .off) {
    writer = ANSIWriter(capacity: 4096, colorDepth: colorDepth)
    self.lineMoves = lineMoves
  }

  /// How colours are written: as they are, mapped to the nearest palette entry, or not at all.
  /// Changing it makes the next frame a full redraw.
  public var colorDepth: ColorDepth {
    get { writer.colorDepth }
    set {
      guard newValue != writer.colorDepth else { return }
      writer.colorDepth = newValue
      invalidate()
    }
  }

  deinit {
    writer.deallocate()
  }

  /// A copy of the bytes produced by the latest render call (allocates; meant for tests and
  /// logging; write with ``write(to:)`` or ``withOutput(_:)`` instead).
  ///
  /// - Complexity: O(n) in the number of bytes.
  public var output: [UInt8] {
    Array(UnsafeBufferPointer(start: writer.bytes, count: writer.length))
  }

  /// Calls `body` with the bytes produced by the latest render call, without copying them.
  ///
  /// - Complexity: O(1) plus the cost of `body`.
  public func withOutput<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeRawBufferPointer(start: writer.bytes, count: writer.length))
  }

  /// Writes the bytes produced by the latest render call to `fd`, all of them, without
  /// allocating.
  ///
  /// ```swift
  /// renderer.render(screen)
  /// try renderer.write(to: STDOUT_FILENO)
  /// ```
  ///
  /// - Throws: ``TerminalError/systemCall(_:_:)`` when the write fails.
  /// - Complexity: O(n) in the number of bytes.
  public func write(to fd: Int32) throws {
    try withOutput { try TerminalIO.writeAll($0, to: fd) }
  }

  /// Forgets what the terminal shows, so that the next frame is a full redraw.
  ///
  /// Call it after anything else wrote to the terminal, or after resuming from suspension.
  ///
  /// - Complexity: O(1).
  public func invalidate() {
    front = nil
    writer.pen = nil
    writer.cursorX = -1
  }

  /// Produces the bytes that turn the previous frame into `next` and remembers `next`.
  ///
  /// The bytes stay available through ``write(to:)``, ``withOutput(_:)`` and ``output`` until
  /// the next call.
  ///
  /// - Returns: the number of bytes produced, 0 when nothing changed.
  /// - Complexity: O(width × height) comparisons, plus O(changed cells) output; with
  ///   ``lineMoves``, plus O(height²) to find the move.
  @discardableResult
  public func render(_ next: ScreenBuffer) -> Int {
    var local = writer  // a local copy: no exclusivity checks in the hot loop
    local.length = 0
    if var shown = front, shown.width == next.width, shown.height == next.height {
      front = nil  // keep the storage uniquely referenced while it is updated in place
      if lineMoves != .off, let move = lineMove(from: shown, to: next) {
        local.moveLines(move, with: lineMoves, in: &shown)
      }
      local.diff(into: &shown, next: next)
      front = shown
    } else {
      front = local.redraw(next)
    }
    writer = local
    return local.length
  }

  /// The band of rows that moved from `shown` to `next`, when moving it saves rows.
  private func lineMove(from shown: ScreenBuffer, to next: ScreenBuffer) -> LineMove? {
    guard next.height > 2 else { return nil }
    LineMove.hashRows(shown, into: &shownRows)
    LineMove.hashRows(next, into: &nextRows)
    return LineMove.best(
      from: shownRows, to: nextRows, blankRow: LineMove.blankRowHash(width: next.width))
  }

  /// Produces the bytes that turn a terminal showing `previous` into `next`, assuming nothing
  /// about the terminal's cursor and attributes; `previous == nil` means a full redraw.
  ///
  /// Afterwards the renderer remembers `next`, as after ``render(_:)``.
  ///
  /// - Returns: the number of bytes produced.
  /// - Complexity: O(width × height) comparisons, plus O(changed cells) output.
  @discardableResult
  public func render(from previous: ScreenBuffer?, to next: ScreenBuffer) -> Int {
    invalidate()
    front = previous
    return render(next)
  }
}
