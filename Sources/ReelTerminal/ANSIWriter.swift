/// The byte writer behind ``FrameRenderer``: output buffer, cursor and pen state, kept in a
/// struct so the hot loop runs on a local copy without dynamic exclusivity checks.
struct ANSIWriter {
  /// The output bytes: `bytes[0..<length]`.
  var bytes: UnsafeMutablePointer<UInt8>
  /// The allocated size of `bytes`.
  var capacity: Int
  /// The number of bytes written.
  var length = 0
  /// The SGR state of the terminal, or `nil` when unknown.
  var pen: TextStyle?
  /// The cursor column, or -1 when unknown (also after printing into the last column, where
  /// terminals differ on the pending wrap).
  var cursorX = -1
  /// The cursor row, meaningful only when `cursorX >= 0`.
  var cursorY = 0
  /// The UTF-8 bytes of the graphemes written lately (shared by copies of the writer).
  let glyphs = GlyphCache()
  /// How colours are written; see ``ColorDepth``.
  var colorDepth: ColorDepth
  /// The palette indices of colours written lately (shared by copies of the writer).
  let colorIndices = ColorIndexCache()

  init(capacity: Int, colorDepth: ColorDepth = .trueColor) {
    bytes = .allocate(capacity: capacity)
    self.capacity = capacity
    self.colorDepth = colorDepth
  }

  /// Frees the output buffer and the caches; the writer must not be used afterwards.
  func deallocate() {
    bytes.deallocate()
    glyphs.deallocate()
    colorIndices.deallocate()
  }

  /// Resets the attributes, clears the screen and draws every cell that is not plain blank.
  mutating func redraw(_ next: ScreenBuffer) -> ScreenBuffer {
    reserve(16)
    append(0x1B, 0x5B, 0x30, 0x6D)  // CSI 0 m
    append(0x1B, 0x5B, 0x48)  // CSI H
    append(0x1B, 0x5B, 0x32, 0x4A)  // CSI 2 J
    pen = .plain
    cursorX = 0
    cursorY = 0
    var shown = ScreenBuffer(width: next.width, height: next.height)
    diff(into: &shown, next: next)
    return shown
  }

  /// Has the terminal make `move` (a scroll region, delete or insert lines or scroll up or
  /// down, the region reset) and makes it in `shown`. The pen is reset first when it has a
  /// colour or an attribute, so the uncovered rows are plain blanks on every terminal, with
  /// background colour erase or without.
  mutating func moveLines(
    _ move: LineMove, with sequences: LineMoveSequences, in shown: inout ScreenBuffer
  ) {
    reserve(32)
    if pen != .plain {
      append(0x1B, 0x5B, 0x30, 0x6D)  // CSI 0 m
      pen = .plain
    }
    append(0x1B, 0x5B)
    appendDecimal(move.top + 1)
    put(0x3B)
    appendDecimal(move.bottom + 1)
    put(0x72)  // CSI top;bottom r: the scroll region (the cursor goes home)
    if sequences == .scrollUpDown {
      append(0x1B, 0x5B)
      appendDecimal(abs(move.shift))
      put(move.shift > 0 ? 0x53 : 0x54)  // CSI n S (scroll up) or CSI n T (scroll down)
    } else {
      append(0x1B, 0x5B)
      appendDecimal(move.top + 1)
      put(0x48)  // CSI top H
      append(0x1B, 0x5B)
      if abs(move.shift) != 1 { appendDecimal(abs(move.shift)) }
      put(move.shift > 0 ? 0x4D : 0x4C)  // CSI n M (delete lines) or CSI n L (insert lines)
    }
    append(0x1B, 0x5B, 0x72)  // CSI r: the whole screen again (the cursor goes home)
    cursorX = -1
    move.apply(to: &shown)
  }

  /// Writes the cells of `next` that differ from `shown` and copies them into `shown`.
  mutating func diff(into shown: inout ScreenBuffer, next: ScreenBuffer) {
    let width = next.width
    next.cells.withUnsafeBufferPointer { fresh in
      shown.cells.withUnsafeMutableBufferPointer { old in
        guard let freshBase = fresh.baseAddress, let oldBase = old.baseAddress else { return }
        // Compare raw bits: copying a cell out would retain and release its grapheme.
        let freshBytes = UnsafeRawPointer(freshBase)
        let oldBytes = UnsafeRawPointer(oldBase)
        let layout = ScreenCell.layout
        var index = 0
        for row in 0..<next.height {
          for column in 0..<width {
            if !ScreenCell.identical(freshBytes, oldBytes, at: index, layout: layout) {
              // Read the style and the grapheme's bits in place: copying the cell out would
              // retain and release its grapheme.
              let cell = freshBytes + index &* MemoryLayout<ScreenCell>.stride
              if Self.isContinuation(cell + layout.0, fresh: fresh, index: index) {
                // The right half of a wide glyph: its left half, which changed with it, was
                // just written and covers it.
                old[index] = fresh[index]
                index += 1
                continue
              }
              let style = cell.load(fromByteOffset: layout.1, as: TextStyle.self)
              reserve(104)  // the longest move, the longest SGR and 8 bytes of a grapheme
              moveCursor(toX: column, y: row, rowStart: index - column, fresh: fresh)
              if pen != style { changeStyle(to: style) }
              appendGlyph(cell + layout.0, fresh: fresh, index: index)
              let isWide =
                column + 1 < width
                && Self.isContinuation(
                  cell + MemoryLayout<ScreenCell>.stride + layout.0, fresh: fresh,
                  index: index + 1)
              // After a wide glyph the column is not trusted: a terminal whose width tables
              // disagree would have the cursor one column off, so the next write moves
              // absolutely. After the last column the pending wrap makes it unknown too.
              cursorX = isWide || column + 1 == width ? -1 : column + 1
              old[index] = fresh[index]
            }
            index += 1
          }
        }
      }
    }
  }

  /// Whether the grapheme whose raw bits start at `raw` (the character of `fresh[index]`) is
  /// the wide continuation marker.
  @inline(__always)
  static func isContinuation(
    _ raw: UnsafeRawPointer, fresh: UnsafeBufferPointer<ScreenCell>, index: Int
  ) -> Bool {
    guard GlyphCache.isAvailable else { return fresh[index].isWideContinuation }
    let bits = ScreenCell.continuationBits
    return raw.load(as: UInt64.self) == bits.0
      && raw.load(fromByteOffset: 8, as: UInt64.self) == bits.1
  }

  /// Moves the cursor to (x, y) by the shortest means.
  @inline(__always)
  mutating func moveCursor(
    toX x: Int, y: Int, rowStart: Int, fresh: UnsafeBufferPointer<ScreenCell>
  ) {
    if cursorX == x && cursorY == y { return }
    if cursorX >= 0 && cursorY == y && x > cursorX && x - cursorX <= 3
      && reprint(from: rowStart + cursorX, to: rowStart + x, fresh: fresh)
    {
      cursorX = x
      return
    }
    let absolute = 3 + Self.digits(y + 1) + (x > 0 ? 1 + Self.digits(x + 1) : 0)
    var best = absolute
    var plan = 0  // 0: CUP, 1: CUF, 2: CR (+ CUF), 3: CR LF (+ CUF)
    if cursorX >= 0 {
      let forward = x > 0 ? Self.forwardCost(x) : 0
      if cursorY == y && x > cursorX && Self.forwardCost(x - cursorX) < best {
        best = Self.forwardCost(x - cursorX)
        plan = 1
      }
      if cursorY == y && 1 + forward < best {
        best = 1 + forward
        plan = 2
      }
      if cursorY + 1 == y && 2 + forward < best {
        best = 2 + forward
        plan = 3
      }
    }
    switch plan {
    case 1:
      appendForward(x - cursorX)
    case 2:
      put(0x0D)
      if x > 0 { appendForward(x) }
    case 3:
      append(0x0D, 0x0A)
      if x > 0 { appendForward(x) }
    default:
      append(0x1B, 0x5B)
      if y > 0 || x > 0 { appendDecimal(y + 1) }
      if x > 0 {
        put(0x3B)
        appendDecimal(x + 1)
      }
      put(0x48)
    }
    cursorX = x
    cursorY = y
  }

  /// Re-prints the unchanged cells in `start..<end` when they are ASCII in the current style,
  /// which is shorter than a cursor move over them.
  @inline(__always)
  mutating func reprint(from start: Int, to end: Int, fresh: UnsafeBufferPointer<ScreenCell>)
    -> Bool
  {
    guard GlyphCache.isAvailable, let base = fresh.baseAddress else { return false }
    let cells = UnsafeRawPointer(base)
    let (characterOffset, styleOffset) = ScreenCell.layout
    var ascii: UInt32 = 0  // at most three bytes, packed little-endian
    for (position, index) in (start..<end).enumerated() {
      let cell = cells + index &* MemoryLayout<ScreenCell>.stride
      guard cell.load(fromByteOffset: styleOffset, as: TextStyle.self) == pen else { return false }
      let glyph = glyphs.lookup(cell + characterOffset)
      guard glyph.count == 1, glyph.utf8 >= 0x20, glyph.utf8 < 0x80 else { return false }
      ascii |= UInt32(glyph.utf8) << (8 * UInt32(position))
    }
    for position in 0..<(end - start) {
      put(UInt8(truncatingIfNeeded: ascii >> (8 * UInt32(position))))
    }
    return true
  }

  /// Appends the UTF-8 bytes of the grapheme whose raw bits start at `raw` (the character of
  /// `fresh[index]`), from the glyph cache; needs 8 bytes reserved.
  @inline(__always)
  mutating func appendGlyph(
    _ raw: UnsafeRawPointer, fresh: UnsafeBufferPointer<ScreenCell>, index: Int
  ) {
    guard GlyphCache.isAvailable else {
      appendCharacter(fresh[index].character)
      return
    }
    let glyph = glyphs.lookup(raw)
    if glyph.count == 1 {
      put(UInt8(truncatingIfNeeded: glyph.utf8))
    } else if glyph.count > 1 {
      // All 8 bytes at once (reserved), of which `count` count.
      (UnsafeMutableRawPointer(bytes) + length).storeBytes(
        of: glyph.utf8.littleEndian, as: UInt64.self)
      length += glyph.count
    } else {
      appendCharacter(fresh[index].character)  // longer than 8 bytes
    }
  }

  /// The length of `CSI n C`.
  @inline(__always)
  static func forwardCost(_ count: Int) -> Int {
    count == 1 ? 3 : 3 + digits(count)
  }

  @inline(__always)
  mutating func appendForward(_ count: Int) {
    append(0x1B, 0x5B)
    if count != 1 { appendDecimal(count) }
    put(0x43)
  }

  @inline(__always)
  static func digits(_ value: Int) -> Int {
    value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : String(value).utf8.count
  }

  /// Writes the SGR sequence that turns the current pen into `style`, with colours at the
  /// writer's ``colorDepth``; writes nothing when the difference does not show at that depth.
  mutating func changeStyle(to style: TextStyle) {
    let start = length
    append(0x1B, 0x5B)
    var first = true
    func parameter(_ value: Int) {
      if !first { put(0x3B) }
      first = false
      appendDecimal(value)
    }
    let old = pen ?? .plain
    if pen == nil { parameter(0) }
    if (old.bold && !style.bold) || (old.dim && !style.dim) {
      parameter(22)
      if style.bold { parameter(1) }
      if style.dim { parameter(2) }
    } else {
      if style.bold && !old.bold { parameter(1) }
      if style.dim && !old.dim { parameter(2) }
    }
    if style.italic != old.italic { parameter(style.italic ? 3 : 23) }
    if style.underline != old.underline { parameter(style.underline ? 4 : 24) }
    if style.inverse != old.inverse { parameter(style.inverse ? 7 : 27) }
    if colorDepth != .none {
      let foreground = sgrColor(style.foreground)
      if foreground != sgrColor(old.foreground) || pen == nil && style.foreground != nil {
        appendColor(foreground, base: 30, parameter: &first)
      }
      let background = sgrColor(style.background)
      if background != sgrColor(old.background) || pen == nil && style.background != nil {
        appendColor(background, base: 40, parameter: &first)
      }
    }
    if first {
      length = start  // nothing that shows changed
    } else {
      put(0x6D)
    }
    pen = style
  }

  /// A colour as the writer's depth shows it: `-1` the default, `0…255` a palette index, or
  /// `0x1RRGGBB` direct colour.
  @inline(__always)
  mutating func sgrColor(_ color: TerminalColor?) -> Int {
    guard let color else { return -1 }
    switch colorDepth {
    case .trueColor:
      return 0x100_0000 | Int(color.red) << 16 | Int(color.green) << 8 | Int(color.blue)
    case .palette256, .ansi16:
      return Int(colorIndices.index(of: color, depth: colorDepth))
    case .none:
      return -1
    }
  }

  /// Appends the parameters of a colour from ``sgrColor(_:)``; `base` is 30 (foreground) or
  /// 40 (background).
  mutating func appendColor(_ color: Int, base: Int, parameter first: inout Bool) {
    if !first { put(0x3B) }
    first = false
    if color < 0 {
      appendDecimal(base + 9)
    } else if color > 0xFF_FFFF {
      appendDecimal(base + 8)
      append(0x3B, 0x32, 0x3B)  // ;2;
      appendDecimal((color >> 16) & 0xFF)
      put(0x3B)
      appendDecimal((color >> 8) & 0xFF)
      put(0x3B)
      appendDecimal(color & 0xFF)
    } else if colorDepth == .ansi16 {
      appendDecimal(color < 8 ? base + color : base + 60 + color - 8)
    } else {
      appendDecimal(base + 8)
      append(0x3B, 0x35, 0x3B)  // ;5;
      appendDecimal(color)
    }
  }

  @inline(__always)
  mutating func appendCharacter(_ character: Character) {
    if let ascii = character.asciiValue {
      put(ascii)
    } else {
      for byte in character.utf8 {
        reserve(1)
        put(byte)
      }
    }
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    guard length + extra > capacity else { return }
    let larger = max(capacity * 2, length + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    grown.update(from: bytes, count: length)
    bytes.deallocate()
    bytes = grown
    capacity = larger
  }

  @inline(__always)
  mutating func put(_ byte: UInt8) {
    bytes[length] = byte
    length += 1
  }

  @inline(__always)
  mutating func append(_ first: UInt8, _ second: UInt8) {
    put(first)
    put(second)
  }

  @inline(__always)
  mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    put(first)
    put(second)
    put(third)
  }

  @inline(__always)
  mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) {
    append(first, second)
    append(third, fourth)
  }

  /// Appends a non-negative integer in decimal.
  @inline(__always)
  mutating func appendDecimal(_ value: Int) {
    if value < 10 {
      put(UInt8(48 + value))
    } else if value < 100 {
      append(UInt8(48 + value / 10), UInt8(48 + value % 10))
    } else if value < 1000 {
      append(UInt8(48 + value / 100), UInt8(48 + value / 10 % 10), UInt8(48 + value % 10))
    } else {
      for byte in String(value).utf8 { put(byte) }
    }
  }
}
