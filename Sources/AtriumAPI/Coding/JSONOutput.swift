import AtriumDomain

/// The bytes of one JSON answer, shared by every encoder, container and `JSONObjectWriter` of
/// one `StreamingJSONEncoder` call.
///
/// A final class, called directly: called through a protocol, every key and string went
/// through a witness table. Its bytes are its own memory rather than an array's: an array
/// checks that it is uniquely referenced and has room on every append, which made a key
/// (`"name":`) some 240 instructions and a short string 430, most of a directory page's JSON
/// (`make bench-cost`, callgrind). Here an append checks the room once and copies.
package final class JSONOutput {
  private var storage: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int
  /// Whether `storage` is memory lent by the caller (`init(writingInto:)`), which is not ours
  /// to free.
  private(set) var isWritingIntoLentMemory: Bool

  /// - Parameter capacity: Bytes reserved at once; more are found as they are needed.
  package init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
    isWritingIntoLentMemory = false
  }

  /// Writes into `memory` while it has room, then into memory of its own (the bytes written so
  /// far copied there): the caller's memory holds the answer when it was large enough.
  init(writingInto memory: UnsafeMutableBufferPointer<UInt8>) {
    if let base = memory.baseAddress, memory.count > 0 {
      (storage, capacity, isWritingIntoLentMemory) = (base, memory.count, true)
    } else {
      (storage, capacity, isWritingIntoLentMemory) = (.allocate(capacity: 1024), 1024, false)
    }
  }

  deinit {
    if !isWritingIntoLentMemory { storage.deallocate() }
  }

  /// What was written.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

  /// Room for `extra` more bytes.
  @inline(__always) private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(toHold: count + extra) }
  }

  private func grow(toHold needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.moveInitialize(from: storage, count: count)
    if !isWritingIntoLentMemory { storage.deallocate() }
    (storage, capacity, isWritingIntoLentMemory) = (moved, larger, false)
  }

  package func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  package func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return }
    reserve(buffer.count)
    (storage + count).initialize(from: base, count: buffer.count)
    count += buffer.count
  }

  package func append(contentsOf array: [UInt8]) {
    array.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// `2` or `2.5`, as `HalfDays` encodes itself.
  package func writeHalfDays(_ value: HalfDays) {
    if value.halves < 0 { append(UInt8(ascii: "-")) }
    writeInteger(abs(value.halves) / 2)
    if value.halves % 2 != 0 { writeRaw(".5") }
  }

  /// `"2026-03-02"`, as `CalendarDate.description` spells it, without making that string: a
  /// month of the team calendar writes some 1,200 dates.
  package func writeDate(_ date: CalendarDate) {
    reserve(CalendarDate.digitCount + 2)
    storage[count] = UInt8(ascii: "\"")
    date.writeDigits(to: storage + count + 1)
    storage[count + CalendarDate.digitCount + 1] = UInt8(ascii: "\"")
    count += CalendarDate.digitCount + 2
  }

  package func writeRaw(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// `"key":`, after a comma unless it is the object's first: one call per member, as a
  /// page of requests writes some 1,700 keys (`make bench-cost`).
  package func writeKey(_ key: StaticString, first: Bool) {
    key.withUTF8Buffer { name in
      reserve(name.count + 4)
      if !first {
        storage[count] = UInt8(ascii: ",")
        count += 1
      }
      storage[count] = UInt8(ascii: "\"")
      if let base = name.baseAddress { (storage + count + 1).initialize(from: base, count: name.count) }
      count += name.count + 1
      storage[count] = UInt8(ascii: "\"")
      storage[count + 1] = UInt8(ascii: ":")
      count += 2
    }
  }

  /// Its digits written into the output as they are worked out: making a `String` of each
  /// number first took the generic conversion's way, at every day count and year of a page.
  package func writeInteger<T: BinaryInteger>(_ number: T) {
    guard let value = Int64(exactly: number) else {
      var text = String(number)
      text.withUTF8 { append(contentsOf: $0) }
      return
    }
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // 20 digits hold any Int64's magnitude, written from the end.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  package func writeDouble(_ number: Double) throws {
    guard number.isFinite else {
      throw StreamingJSONEncoder.InvalidValue(description: "\(number) cannot be written as JSON")
    }
    if number == number.rounded(), abs(number) < 1e15 {
      writeInteger(Int64(number))
    } else {
      var text = "\(number)"
      text.withUTF8 { append(contentsOf: $0) }
    }
  }

  /// Writes a quoted, escaped string: text with nothing to escape (nearly all) is copied as
  /// it is; the rest is escaped by `JSONText`, as everywhere else.
  package func writeString(_ text: String) {
    var plain = text
    let copied = plain.withUTF8 { utf8 in
      guard !JSONText.needsEscaping(utf8) else { return false }
      reserve(utf8.count + 2)
      storage[count] = UInt8(ascii: "\"")
      if let base = utf8.baseAddress { (storage + count + 1).initialize(from: base, count: utf8.count) }
      count += utf8.count + 1
      storage[count] = UInt8(ascii: "\"")
      count += 1
      return true
    }
    guard !copied else { return }
    var escaped: [UInt8] = []
    JSONText.appendString(text, to: &escaped)
    append(contentsOf: escaped)
  }

  /// The value's members are written by its own method, not through a closure made of it
  /// (which captured a copy).
  package func writeObject(_ value: some JSONStreamable) throws {
    append(UInt8(ascii: "{"))
    var object = JSONObjectWriter(output: self)
    try value.write(to: &object)
    append(UInt8(ascii: "}"))
  }

  /// What `write` writes of an object, without its braces.
  package func writeMembers(_ write: (inout JSONObjectWriter) throws -> Void) rethrows {
    var object = JSONObjectWriter(output: self)
    try write(&object)
  }
}
