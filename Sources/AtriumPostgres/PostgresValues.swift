import AtriumSQL
import CLibPQ

/// PostgreSQL type ids (`pg_type.oid`) of the types Atrium binds and reads.
enum PostgresType {
  static let unknown: UInt32 = 0
  static let bool: UInt32 = 16
  static let bytea: UInt32 = 17
  static let int8: UInt32 = 20
  static let int2: UInt32 = 21
  static let int4: UInt32 = 23
  static let text: UInt32 = 25
  static let oid: UInt32 = 26
  static let float4: UInt32 = 700
  static let float8: UInt32 = 701
  static let numeric: UInt32 = 1700
}

/// A statement's parameters in libpq's form, each with its exact type: whole numbers as
/// `int8`, fractions as `float8` and bytes as `bytea` (all three sent binary, so nothing is
/// formatted and parsed again), text as `text`. A null has no type of its own (`unknown`):
/// the server gives it the type its place in the statement needs.
struct PostgresParameters {
  let types: [UInt32]
  private let formats: [Int32]
  private let buffers: [[UInt8]?]

  init(_ values: [DatabaseValue]) throws {
    var types: [UInt32] = []
    var formats: [Int32] = []
    var buffers: [[UInt8]?] = []
    for value in values {
      switch value {
      case .null:
        types.append(PostgresType.unknown)
        formats.append(0)
        buffers.append(nil)
      case .integer(let number):
        types.append(PostgresType.int8)
        formats.append(1)
        buffers.append(Self.bigEndian(UInt64(bitPattern: number)))
      case .real(let number):
        types.append(PostgresType.float8)
        formats.append(1)
        buffers.append(Self.bigEndian(number.bitPattern))
      case .text(let text):
        // PostgreSQL text cannot hold NUL; refuse it here, by the code the server would use.
        guard !text.utf8.contains(0) else {
          throw PostgresError(sqlState: "22021", message: "text with a NUL character cannot be stored")
        }
        types.append(PostgresType.text)
        formats.append(0)
        buffers.append(Array(text.utf8) + [0])
      case .blob(let bytes):
        types.append(PostgresType.bytea)
        formats.append(1)
        buffers.append(bytes)
      }
    }
    self.types = types
    self.formats = formats
    self.buffers = buffers
  }

  /// Calls `body` with the values, lengths and formats arrays that `PQexecPrepared` takes,
  /// valid only during the call.
  func withPointers<T>(
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
  ) -> T {
    let lengths = buffers.map { Int32($0?.count ?? 0) }
    // One contiguous copy keeps every value's address stable for the call.
    var storage: [UInt8] = []
    var offsets: [Int?] = []
    for buffer in buffers {
      guard let buffer else {
        offsets.append(nil)
        continue
      }
      offsets.append(storage.count)
      storage += buffer
    }
    storage.append(0)  // so an empty last value still has an address inside the storage
    return storage.withUnsafeBufferPointer { bytes in
      let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
      let pointers: [UnsafePointer<CChar>?] = offsets.map { $0.map { base + $0 } }
      return pointers.withUnsafeBufferPointer { values in
        lengths.withUnsafeBufferPointer { lengths in
          formats.withUnsafeBufferPointer { formats in
            body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
          }
        }
      }
    }
  }

  private static func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
  }
}

/// Turns a result's text-format values into `DatabaseValue`s by each column's type: numbers
/// become `.integer` or `.real` (a `numeric` without a fraction, such as a `SUM` of `bigint`,
/// is a whole number), booleans 1 or 0 as in SQLite, `bytea` bytes, everything else text.
struct PostgresResultReader {
  let result: OpaquePointer
  let columns: DatabaseColumns

  func rows() -> [DatabaseRow] {
    let rowCount = PQntuples(result)
    let columnCount = PQnfields(result)
    guard rowCount > 0 else { return [] }
    let types = (0..<columnCount).map { PQftype(result, $0) }
    var rows: [DatabaseRow] = []
    rows.reserveCapacity(Int(rowCount))
    for row in 0..<rowCount {
      var values: [DatabaseValue] = []
      values.reserveCapacity(Int(columnCount))
      for column in 0..<columnCount {
        values.append(value(row: row, column: column, type: types[Int(column)]))
      }
      rows.append(DatabaseRow(columns: columns, values: values))
    }
    return rows
  }

  private func value(row: Int32, column: Int32, type: UInt32) -> DatabaseValue {
    if PQgetisnull(result, row, column) == 1 { return .null }
    let length = Int(PQgetlength(result, row, column))
    let bytes = UnsafeRawPointer(PQgetvalue(result, row, column)!).assumingMemoryBound(to: UInt8.self)
    let buffer = UnsafeBufferPointer(start: bytes, count: length)
    switch type {
    case PostgresType.int8, PostgresType.int4, PostgresType.int2, PostgresType.oid:
      return Int64(decoding: buffer).map(DatabaseValue.integer) ?? .text(String(decoding: buffer, as: UTF8.self))
    case PostgresType.float4, PostgresType.float8:
      return Double(String(decoding: buffer, as: UTF8.self)).map(DatabaseValue.real) ?? .null
    case PostgresType.numeric:
      let text = String(decoding: buffer, as: UTF8.self)
      if let whole = Int64(text) { return .integer(whole) }
      return Double(text).map(DatabaseValue.real) ?? .text(text)
    case PostgresType.bool:
      return .integer(length > 0 && buffer[0] == UInt8(ascii: "t") ? 1 : 0)
    case PostgresType.bytea:
      return .blob(Self.hexBytes(buffer))
    default:
      return .text(String(decoding: buffer, as: UTF8.self))
    }
  }

  /// `bytea` in the text format: `\x` followed by two hex digits per byte.
  private static func hexBytes(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return Array(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity((text.count - 2) / 2)
    var index = 2
    while index + 1 < text.count {
      bytes.append(nibble(text[index]) << 4 | nibble(text[index + 1]))
      index += 2
    }
    return bytes
  }

  private static func nibble(_ digit: UInt8) -> UInt8 {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: 0
    }
  }
}

extension Int64 {
  /// Parses ASCII decimal digits with an optional leading minus, without making a String.
  fileprivate init?(decoding digits: UnsafeBufferPointer<UInt8>) {
    guard !digits.isEmpty else { return nil }
    var index = 0
    let negative = digits[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < digits.count else { return nil }
    var total: Int64 = 0
    while index < digits.count {
      let digit = digits[index]
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times, overflow1) = total.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) =
        negative
        ? times.subtractingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
        : times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { return nil }
      total = sum
      index += 1
    }
    self = total
  }
}
