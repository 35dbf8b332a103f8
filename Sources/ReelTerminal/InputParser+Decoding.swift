extension InputParser {
  /// Decodes one key that is not an escape sequence: a control byte or a UTF-8 scalar.
  static func plainKey(_ bytes: [UInt8], at index: Int) -> Step {
    let byte = bytes[index]
    switch byte {
    case 0x0D, 0x0A: return key(.enter, 1)
    case 0x09: return key(.tab, 1)
    case 0x7F, 0x08: return key(.backspace, 1)
    case 0x1B: return key(.escape, 1)
    case 0x00: return key(.character(" "), 1, .control)
    case 0x01...0x1A:
      return key(.character(Character(Unicode.Scalar(byte + 0x60))), 1, .control)
    case 0x1C...0x1F:
      return key(.character(Character(Unicode.Scalar(byte + 0x40))), 1, .control)
    case 0x20..<0x80:
      return key(.character(Character(Unicode.Scalar(byte))), 1)
    default:
      return utf8Scalar(bytes, at: index)
    }
  }

  /// Decodes a multi-byte UTF-8 scalar; invalid bytes are skipped one at a time.
  private static func utf8Scalar(_ bytes: [UInt8], at index: Int) -> Step {
    let lead = bytes[index]
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      minimum = 0x80
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      minimum = 0x800
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      minimum = 0x1_0000
      value = UInt32(lead & 0x07)
    default:
      return .skip(1)
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return .skip(1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .skip(1) }
    if scalar.value < 0xA0 { return .skip(length) }  // C1 controls
    return key(.character(Character(scalar)), length)
  }

  /// Decodes `ESC O x` (SS3), sent for arrows, Home/End and F1–F4 in application mode.
  static func ss3(_ bytes: [UInt8], at index: Int) -> Step {
    guard index + 2 < bytes.count else { return .incomplete }
    let final = bytes[index + 2]
    guard (0x40...0x7E).contains(final) else {
      return key(.character("O"), 2, .alt)  // Alt-O followed by something else
    }
    if final == 0x4D { return key(.enter, 3) }  // keypad Enter
    guard let named = finalKey(final) else { return .skip(3) }
    return key(named, 3)
  }

  /// Decodes `ESC [ … final` at `index`.
  static func csi(_ bytes: [UInt8], at index: Int) -> Step {
    var end = index + 2
    while true {
      guard end < bytes.count else {
        return end - index >= maximumSequenceLength ? .overlong(end - index) : .incomplete
      }
      let byte = bytes[end]
      if (0x40...0x7E).contains(byte) { break }
      guard (0x20...0x3F).contains(byte) else { return .skip(end - index) }  // malformed
      end += 1
      if end - index > maximumSequenceLength { return .overlong(end - index) }
    }
    let final = bytes[end]
    let length = end + 1 - index
    let body = bytes[(index + 2)..<end]
    if final == 0x4D && body.isEmpty {
      // Legacy X10 mouse report: three raw bytes follow; drop them.
      return index + 6 <= bytes.count ? .skip(6) : .incomplete
    }
    if body.first == 0x3C {  // <
      guard final == 0x4D || final == 0x6D else { return .skip(length) }
      return mouse(parameters(body.dropFirst()), release: final == 0x6D, length)
    }
    guard body.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .skip(length) }
    let values = parameters(body)
    let modifiers = KeyModifiers.xterm(values.count > 1 ? values[1] : 0)
    switch final {
    case 0x7E:  // ~
      return tilde(values.first ?? 0, modifiers, length)
    case 0x49 where body.isEmpty:
      return .event(.focusGained, length)
    case 0x4F where body.isEmpty:
      return .event(.focusLost, length)
    case 0x5A:  // Z
      return key(.tab, length, modifiers.union(.shift))
    case 0x75:  // u: CSI code ; modifiers u
      return unicodeKey(values.first ?? 0, modifiers, length)
    default:
      guard let named = finalKey(final) else { return .skip(length) }
      return key(named, length, modifiers)
    }
  }

  /// The keys named by a final byte: arrows, Home/End and F1–F4.
  private static func finalKey(_ final: UInt8) -> Key? {
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x50...0x53: return .function(Int(final) - 0x4F)
    default: return nil
    }
  }

  /// Decodes `CSI n ~` keys; `CSI 200~` starts a bracketed paste.
  private static func tilde(_ code: Int, _ modifiers: KeyModifiers, _ length: Int) -> Step {
    let named: Key
    switch code {
    case 1, 7: named = .home
    case 2: named = .insert
    case 3: named = .delete
    case 4, 8: named = .end
    case 5: named = .pageUp
    case 6: named = .pageDown
    case 11...15: named = .function(code - 10)
    case 17...21: named = .function(code - 11)
    case 23, 24: named = .function(code - 12)
    case 200: return .event(.paste(""), length)
    default: return .skip(length)
    }
    return key(named, length, modifiers)
  }

  /// Decodes the `CSI code ; modifiers u` form (fixterms / kitty keyboard).
  private static func unicodeKey(_ code: Int, _ modifiers: KeyModifiers, _ length: Int) -> Step {
    switch code {
    case 13: return key(.enter, length, modifiers)
    case 9: return key(.tab, length, modifiers)
    case 27: return key(.escape, length, modifiers)
    case 127, 8: return key(.backspace, length, modifiers)
    default:
      guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(clamping: code)),
        !(0x7F..<0xA0).contains(scalar.value)
      else { return .skip(length) }
      return key(.character(Character(scalar)), length, modifiers)
    }
  }

  /// Decodes an SGR mouse report from its parameters `b ; x ; y`.
  private static func mouse(_ values: [Int], release: Bool, _ length: Int) -> Step {
    guard values.count >= 3 else { return .skip(length) }
    let code = values[0]
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let motion = code & 32 != 0
    let low = code & 3
    let x = max(0, values[1] - 1)
    let y = max(0, values[2] - 1)
    let action: MouseAction
    if code & 64 != 0 && code & 128 == 0 {
      guard !release else { return .skip(length) }
      let directions: [ScrollDirection] = [.up, .down, .left, .right]
      action = .scroll(directions[low])
    } else {
      let button: MouseButton?
      if code & 128 != 0 {
        button = .other(8 + low + (code & 64 != 0 ? 4 : 0))
      } else {
        button = low == 0 ? .left : low == 1 ? .middle : low == 2 ? .right : nil
      }
      if motion {
        action = button.map { .drag($0) } ?? .move
      } else if let button {
        action = release ? .release(button) : .press(button)
      } else {
        return .skip(length)
      }
    }
    return .event(.mouse(MouseEvent(action, x: x, y: y, modifiers: modifiers)), length)
  }

  /// Splits `12;34;5` into integers; empty or non-numeric fields count as 0, values are
  /// clamped to keep arithmetic safe.
  private static func parameters(_ body: ArraySlice<UInt8>) -> [Int] {
    var values: [Int] = []
    var current = 0
    for byte in body {
      if byte == 0x3B {
        values.append(current)
        current = 0
      } else if (0x30...0x39).contains(byte) {
        current = min(current * 10 + Int(byte - 0x30), 1_000_000)
      }
    }
    values.append(current)
    return values
  }

  private static func key(_ key: Key, _ length: Int, _ modifiers: KeyModifiers = []) -> Step {
    .event(.key(KeyEvent(key, modifiers: modifiers)), length)
  }
}
