/// Turns successive ``ScreenBuffer`` frames into the few ANSI bytes that update a terminal.
///
/// The renderer remembers what the terminal shows. Each ``render(_:)`` compares the new frame
/// with it cell by cell and writes only the changed cells: a cursor move only where the next
/// changed cell is not under the cursor (the shortest of `CSI row;col H`, `CSI n C`, `\r`,
/// `\r\n` or re-printing up to three unchanged cells), an SGR sequence only when the style
/// changes (24-bit colours as `38;2;r;g;b` and `48;2;r;g;b`). The first frame, a frame of
/// another size and the frame after ``invalidate()`` reset the attributes, clear the screen
/// and draw every non-blank cell. A frame equal to the previous one produces no bytes.
///
/// The output buffer is reused: in steady state (same size, the caller not holding on to a
/// previous result) a frame allocates nothing.
///
/// ```swift
/// let renderer = FrameRenderer()
/// var screen = ScreenBuffer(width: 80, height: 24)
/// screen.drawText("hello", in: screen.bounds)
/// try TerminalIO.writeAll(renderer.render(screen), to: STDOUT_FILENO)
/// ```
public final class FrameRenderer {
  /// The bytes produced by the latest render call.
  public private(set) var output: [UInt8] = []
  /// What the terminal shows, or `nil` when unknown (next frame redraws everything).
  private var front: ScreenBuffer?
  /// The SGR state of the terminal, or `nil` when unknown.
  private var pen: TextStyle?
  /// The cursor column, or -1 when unknown (also after printing into the last column, where
  /// terminals differ on the pending wrap).
  private var cursorX = -1
  /// The cursor row, meaningful only when `cursorX >= 0`.
  private var cursorY = 0

  /// Creates a renderer that knows nothing of the screen: its first frame is a full redraw.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Forgets what the terminal shows, so that the next frame is a full redraw.
  ///
  /// Call it after anything else wrote to the terminal, or after resuming from suspension.
  ///
  /// - Complexity: O(1).
  public func invalidate() {
    front = nil
    pen = nil
    cursorX = -1
  }

  /// Produces the bytes that turn the previous frame into `next` and remembers `next`.
  ///
  /// The result is also available as ``output`` until the next call. Do not keep it past the
  /// next call if you want the renderer to reuse its buffer without allocating.
  ///
  /// - Returns: the ANSI bytes to write to the terminal, empty when nothing changed.
  /// - Complexity: O(width × height) comparisons, plus O(changed cells) output.
  @discardableResult
  public func render(_ next: ScreenBuffer) -> [UInt8] {
    output.removeAll(keepingCapacity: true)
    if var shown = front, shown.width == next.width, shown.height == next.height {
      front = nil  // keep the storage uniquely referenced while it is updated in place
      diff(into: &shown, next: next)
      front = shown
    } else {
      redraw(next)
    }
    return output
  }

  /// Produces the bytes that turn a terminal showing `previous` into `next`, assuming nothing
  /// about the terminal's cursor and attributes; `previous == nil` means a full redraw.
  ///
  /// Afterwards the renderer remembers `next`, as after ``render(_:)``.
  ///
  /// - Complexity: O(width × height) comparisons, plus O(changed cells) output.
  @discardableResult
  public func render(from previous: ScreenBuffer?, to next: ScreenBuffer) -> [UInt8] {
    invalidate()
    front = previous
    return render(next)
  }

  /// Resets the attributes, clears the screen and draws every cell that is not plain blank.
  private func redraw(_ next: ScreenBuffer) {
    append(0x1B, 0x5B, 0x30, 0x6D)  // CSI 0 m
    append(0x1B, 0x5B, 0x48)  // CSI H
    append(0x1B, 0x5B, 0x32, 0x4A)  // CSI 2 J
    pen = .plain
    cursorX = 0
    cursorY = 0
    var shown = ScreenBuffer(width: next.width, height: next.height)
    diff(into: &shown, next: next)
    front = shown
  }

  /// Writes the cells of `next` that differ from `shown` and copies them into `shown`.
  private func diff(into shown: inout ScreenBuffer, next: ScreenBuffer) {
    let width = next.width
    next.cells.withUnsafeBufferPointer { fresh in
      shown.cells.withUnsafeMutableBufferPointer { old in
        var index = 0
        for row in 0..<next.height {
          for column in 0..<width {
            if fresh[index] != old[index] {
              let cell = fresh[index]
              moveCursor(toX: column, y: row, rowStart: index - column, fresh: fresh)
              if pen != cell.style { changeStyle(to: cell.style) }
              appendCharacter(cell.character)
              cursorX = column + 1 == width ? -1 : column + 1
              old[index] = cell
            }
            index += 1
          }
        }
      }
    }
  }

  /// Moves the cursor to (x, y) by the shortest means.
  @inline(__always)
  private func moveCursor(
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
      output.append(0x0D)
      if x > 0 { appendForward(x) }
    case 3:
      append(0x0D, 0x0A)
      if x > 0 { appendForward(x) }
    default:
      append(0x1B, 0x5B)
      if y > 0 || x > 0 { appendDecimal(y + 1) }
      if x > 0 {
        output.append(0x3B)
        appendDecimal(x + 1)
      }
      output.append(0x48)
    }
    cursorX = x
    cursorY = y
  }

  /// Re-prints the unchanged cells in `start..<end` when they are ASCII in the current style,
  /// which is shorter than a cursor move over them.
  @inline(__always)
  private func reprint(from start: Int, to end: Int, fresh: UnsafeBufferPointer<ScreenCell>)
    -> Bool
  {
    for index in start..<end {
      guard fresh[index].style == pen, fresh[index].character.asciiValue != nil else {
        return false
      }
    }
    for index in start..<end {
      output.append(fresh[index].character.asciiValue!)
    }
    return true
  }

  /// The length of `CSI n C`.
  @inline(__always)
  private static func forwardCost(_ count: Int) -> Int {
    count == 1 ? 3 : 3 + digits(count)
  }

  @inline(__always)
  private func appendForward(_ count: Int) {
    append(0x1B, 0x5B)
    if count != 1 { appendDecimal(count) }
    output.append(0x43)
  }

  @inline(__always)
  private static func digits(_ value: Int) -> Int {
    value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : String(value).utf8.count
  }

  /// Writes the SGR sequence that turns the current pen into `style`.
  private func changeStyle(to style: TextStyle) {
    append(0x1B, 0x5B)
    var first = true
    func parameter(_ value: Int) {
      if !first { output.append(0x3B) }
      first = false
      appendDecimal(value)
    }
    func color(_ base: Int, _ color: TerminalColor) {
      parameter(base)
      parameter(2)
      parameter(Int(color.red))
      parameter(Int(color.green))
      parameter(Int(color.blue))
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
    if style.foreground != old.foreground {
      if let foreground = style.foreground { color(38, foreground) } else { parameter(39) }
    }
    if style.background != old.background {
      if let background = style.background { color(48, background) } else { parameter(49) }
    }
    output.append(0x6D)
    pen = style
  }

  @inline(__always)
  private func appendCharacter(_ character: Character) {
    if let ascii = character.asciiValue {
      output.append(ascii)
    } else {
      output.append(contentsOf: character.utf8)
    }
  }

  @inline(__always)
  private func append(_ first: UInt8, _ second: UInt8) {
    output.append(first)
    output.append(second)
  }

  @inline(__always)
  private func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    output.append(first)
    output.append(second)
    output.append(third)
  }

  @inline(__always)
  private func append(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) {
    append(first, second)
    append(third, fourth)
  }

  /// Appends a non-negative integer in decimal.
  @inline(__always)
  private func appendDecimal(_ value: Int) {
    if value < 10 {
      output.append(UInt8(48 + value))
    } else if value < 100 {
      append(UInt8(48 + value / 10), UInt8(48 + value % 10))
    } else if value < 1000 {
      append(UInt8(48 + value / 100), UInt8(48 + value / 10 % 10), UInt8(48 + value % 10))
    } else {
      output.append(contentsOf: String(value).utf8)
    }
  }
}
