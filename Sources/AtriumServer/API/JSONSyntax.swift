import AtriumDomain
import AtriumServices
import AtriumWeb

/// A strict RFC 8259 syntax check that says where a body stops being JSON (line and column),
/// and refuses nesting deeper than a limit before any decoder recurses into it.
///
/// Foundation's decoder on Linux reports only "not valid JSON", without a position, so this
/// small checker exists to give callers an error they can act on.
struct JSONSyntax {
  struct Failure: Error, Equatable {
    let line: Int
    let column: Int
    let message: String

    var detail: String { "\(message) at line \(line), column \(column)" }
  }

  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  /// Where the parser is (`items[2].days`), and the numbers too large for a Double it passed.
  private var path: [String] = []
  private var oversized: [String] = []
  private var nulls: [String] = []
  private var controls: [String] = []

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// What one pass over a body finds.
  struct Report {
    /// The first syntax error, or nil when the bytes are one well-formed JSON value.
    let error: Failure?
    /// The paths (`days`, `items[2].amount`) of the numbers no field can hold (beyond a
    /// Double's range, as `1e400`); empty for a malformed document.
    let oversizedNumbers: [String]
    /// The paths of the values sent as `null` (`body` for the whole document); empty for a
    /// malformed document.
    var nulls: [String] = []
    /// The paths of the texts that hold a control character once read (`TextRules`: not a
    /// tab or a line break); empty for a malformed document.
    var controlCharacters: [String] = []
  }

  /// Checks `bytes` in one pass: syntax, and numbers out of range.
  static func check(_ bytes: [UInt8]) -> Report {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      var checker = JSONSyntax(bytes)
      checker.index = validUTF8Prefix(bytes)
      return Report(error: checker.failure("invalid UTF-8"), oversizedNumbers: [])
    }
    var checker = JSONSyntax(bytes)
    do throws(Failure) {
      checker.skipWhitespace()
      try checker.value(depth: 0)
      checker.skipWhitespace()
      if checker.index < bytes.count { throw checker.failure("unexpected text after the JSON value") }
      return Report(
        error: nil, oversizedNumbers: checker.oversized, nulls: checker.nulls, controlCharacters: checker.controls)
    } catch {
      return Report(error: error, oversizedNumbers: [])
    }
  }

  /// The first syntax error in `bytes`, or nil when they are one well-formed JSON value.
  static func firstError(in bytes: [UInt8]) -> Failure? { check(bytes).error }

  // MARK: - Grammar

  private mutating func value(depth: Int) throws(Failure) {
    guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    guard let byte = peek() else { throw failure("unexpected end of input, expected a value") }
    switch byte {
    case UInt8(ascii: "{"): try object(depth: depth)
    case UInt8(ascii: "["): try array(depth: depth)
    case UInt8(ascii: "\""): if try string() { controls.append(currentPath) }
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"):
      try literal("null")
      nulls.append(currentPath)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default: throw failure("unexpected character '\(Character(Unicode.Scalar(byte)))', expected a value")
    }
  }

  private mutating func object(depth: Int) throws(Failure) {
    index += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw failure("expected a quoted property name") }
      let keyStart = index + 1
      _ = try string()
      let key = String(decoding: bytes[keyStart..<(index - 1)], as: UTF8.self)
      skipWhitespace()
      try expect(":", "expected ':' after a property name")
      skipWhitespace()
      path.append(path.isEmpty ? key : "." + key)
      try value(depth: depth + 1)
      path.removeLast()
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("}", "expected ',' or '}' in an object")
      return
    }
  }

  private mutating func array(depth: Int) throws(Failure) {
    index += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    var position = 0
    while true {
      skipWhitespace()
      path.append("[\(position)]")
      try value(depth: depth + 1)
      path.removeLast()
      position += 1
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("]", "expected ',' or ']' in an array")
      return
    }
  }

  /// Reads a string; returns whether its text, once read, holds a control character as
  /// `TextRules.hasControlCharacters` counts them (the bytes are valid UTF-8 already, and raw
  /// bytes below 0x20 are a syntax error).
  private mutating func string() throws(Failure) -> Bool {
    index += 1
    var control = false
    while let byte = peek() {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return control
      case 0x7F:
        control = control || TextRules.isControlCharacter(0x7F)
      case 0xC2:
        // The lead byte of U+0080 to U+00BF, the C1 controls among them.
        if let next = peek() { control = control || TextRules.isControlCharacter(0x80 | UInt32(next & 0x3F)) }
      case UInt8(ascii: "\\"):
        guard let escaped = peek() else { throw failure("unterminated string") }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "n"), UInt8(ascii: "r"),
          UInt8(ascii: "t"):
          break
        case UInt8(ascii: "b"):
          control = control || TextRules.isControlCharacter(0x08)
        case UInt8(ascii: "f"):
          control = control || TextRules.isControlCharacter(0x0C)
        case UInt8(ascii: "u"):
          var scalar: UInt32 = 0
          for _ in 0..<4 {
            guard let digit = peek(), let value = Self.hexValue(digit) else {
              throw failure("\\u must be followed by 4 hex digits")
            }
            scalar = scalar << 4 | value
            index += 1
          }
          control = control || TextRules.isControlCharacter(scalar)
        default:
          index -= 1
          throw failure("invalid escape in a string")
        }
      case 0..<0x20:
        index -= 1
        throw failure("control character in a string (escape it)")
      default:
        break
      }
    }
    throw failure("unterminated string")
  }

  private mutating func number() throws(Failure) {
    let start = index
    defer {
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if let value = Double(text), !value.isFinite { oversized.append(currentPath) }
    }
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), Self.isDigit(first) else { throw failure("expected a digit") }
    index += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit after '.'") }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit in the exponent") }
      skipDigits()
    }
  }

  private mutating func literal(_ word: String) throws(Failure) {
    for expected in word.utf8 {
      guard peek() == expected else { throw failure("invalid literal, expected \(word)") }
      index += 1
    }
  }

  // MARK: - Helpers

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func expect(_ character: Unicode.Scalar, _ message: String) throws(Failure) {
    guard peek() == UInt8(ascii: character) else {
      throw failure(peek() == nil ? "unexpected end of input, \(message)" : message)
    }
    index += 1
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d { index += 1 }
  }

  private mutating func skipDigits() {
    while let byte = peek(), Self.isDigit(byte) { index += 1 }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The path of the value being read: `body` for the whole document.
  private var currentPath: String { path.isEmpty ? "body" : path.joined() }

  /// Line and column (both from 1, columns in characters) of the current position.
  private func failure(_ message: String) -> Failure {
    let end = min(index, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<end where bytes[position] == 0x0a {
      line += 1
      lineStart = position + 1
    }
    let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    return Failure(line: line, column: column, message: message)
  }

  /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
  private static func validUTF8Prefix(_ bytes: [UInt8]) -> Int {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        switch lead {
        case 0..<0x80: 1
        case 0xc2..<0xe0: 2
        case 0xe0..<0xf0: 3
        case 0xf0..<0xf5: 4
        default: 0
        }
      guard length > 0, index + length <= bytes.count,
        String(validating: bytes[index..<index + length], as: UTF8.self) != nil
      else { return index }
      index += length
    }
    return index
  }
}
