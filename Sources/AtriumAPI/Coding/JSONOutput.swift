import AtriumDomain

/// The bytes of one JSON answer, shared by every encoder, container and `JSONObjectWriter` of
/// one `StreamingJSONEncoder` call.
///
/// A final class rather than a protocol the writers call through: called through a protocol,
/// every key and string of a directory page went through a witness table and each nested
/// object through an unspecialized generic, some 2,300 instructions for a department's
/// `{"id","name"}` (`make bench-cost`, callgrind); called directly, the optimizer inlines them.
package final class JSONOutput {
  /// Only one encoder writes at a time, so the runtime's exclusivity checks on every append
  /// (a measurable share of the time) buy nothing here.
  @exclusivity(unchecked) package var bytes: [UInt8] = []

  package init() {}

  package func append(_ byte: UInt8) { bytes.append(byte) }
  package func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
  package func append(contentsOf array: [UInt8]) { bytes.append(contentsOf: array) }

  /// `2` or `2.5`, as `HalfDays` encodes itself.
  package func writeHalfDays(_ value: HalfDays) {
    if value.halves < 0 { bytes.append(UInt8(ascii: "-")) }
    writeInteger(abs(value.halves) / 2)
    if value.halves % 2 != 0 { bytes.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "5")]) }
  }

  package func writeRaw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// `"key":`, after a comma unless it is the object's first: one call per member, as a
  /// page of requests writes some 1,700 keys (`make bench-cost`).
  package func writeKey(_ key: StaticString, first: Bool) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  package func writeInteger<T: BinaryInteger>(_ number: T) {
    bytes.append(contentsOf: String(number).utf8)
  }

  package func writeDouble(_ number: Double) throws {
    guard number.isFinite else {
      throw StreamingJSONEncoder.InvalidValue(description: "\(number) cannot be written as JSON")
    }
    if number == number.rounded(), abs(number) < 1e15 {
      writeInteger(Int64(number))
    } else {
      bytes.append(contentsOf: "\(number)".utf8)
    }
  }

  /// Writes a quoted, escaped string.
  package func writeString(_ text: String) {
    JSONText.appendString(text, to: &bytes)
  }

  package func writeObject(_ value: some JSONStreamable) throws {
    append(UInt8(ascii: "{"))
    try writeMembers(value.write)
    append(UInt8(ascii: "}"))
  }

  /// What `write` writes of an object, without its braces.
  package func writeMembers(_ write: (inout JSONObjectWriter) throws -> Void) rethrows {
    var object = JSONObjectWriter(output: self)
    try write(&object)
  }
}
