/// A growing buffer of bytes written through a pointer, for rendering a page.
///
/// Appending to an `[UInt8]` checks that the array is unique and has room at every append, and
/// a page of 5 KB makes about a thousand of them: they were a third of writing it (`make
/// bench-cost`, the `/time-off` row). Here an append is a bounds check and a copy.
struct ByteWriter: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int
  /// Where the first `Node.hole` was written.
  private(set) var holeOffset: Int?

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The bytes written, copied into an array once.
  consuming func bytes() -> [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
  }

  /// The bytes written before an offset and after it, copied into two arrays.
  consuming func split(at offset: Int) -> (before: [UInt8], after: [UInt8]) {
    (
      Array(UnsafeBufferPointer(start: start, count: offset)),
      Array(UnsafeBufferPointer(start: start + offset, count: count - offset))
    )
  }

  mutating func markHole() {
    if holeOffset == nil { holeOffset = count }
  }

  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    start[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if capacity - count < bytes.count { grow(toHold: bytes.count) }
    (start + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A string's UTF-8 bytes, read where they are stored (no copy of the string).
  mutating func append(_ string: String) {
    let appended: Void? = string.utf8.withContiguousStorageIfAvailable { append($0) }
    if appended == nil {
      var string = string
      string.withUTF8 { append($0) }
    }
  }

  private mutating func grow(toHold extra: Int) {
    var newCapacity = capacity * 2
    while newCapacity - count < extra { newCapacity *= 2 }
    let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStart.moveInitialize(from: start, count: count)
    start.deallocate()
    start = newStart
    capacity = newCapacity
  }
}
