/// A value bound to a statement or read from a column.
public enum DatabaseValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension DatabaseValue {
  public init(_ text: String?) {
    self = text.map { .text($0) } ?? .null
  }

  public init(_ number: Int) {
    self = .integer(Int64(number))
  }

  public init(_ flag: Bool) {
    self = .integer(flag ? 1 : 0)
  }
}

extension DatabaseValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(nilLiteral: ()) { self = .null }
}

/// The column names of a result, shared by all its rows, with a lookup by name.
///
/// Every column a store reads is looked up by name, once per row: a page of 100 approvals
/// makes about 2,300 lookups. The lookup hashes the name with FNV-1a into a small
/// open-addressed table; `Dictionary`'s SipHash made each one cost about 400 instructions,
/// more than reading the value (`make bench-cost`).
public final class DatabaseColumns: Sendable {
  public let names: [String]
  /// Each slot holds a column's index plus one (0: empty), at its name's hash, or after it.
  private let slots: [Int32]
  private let mask: Int

  public init(_ names: [String]) {
    self.names = names
    var size = 8
    while size < names.count * 2 { size *= 2 }
    var slots = [Int32](repeating: 0, count: size)
    for (index, name) in names.enumerated() {
      var slot = Self.hash(name) & (size - 1)
      // The first of two same-named columns is the one read, as a join's `r.*` comes first.
      while slots[slot] != 0, names[Int(slots[slot]) - 1] != name { slot = (slot + 1) & (size - 1) }
      if slots[slot] == 0 { slots[slot] = Int32(index + 1) }
    }
    self.slots = slots
    self.mask = size - 1
  }

  public func position(of name: String) -> Int? {
    var slot = Self.hash(name) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if names[index] == name { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Over the name's bytes in place: iterating `String.UTF8View` cost 200 instructions a name.
  private static func hash(_ name: String) -> Int {
    func fnv1a(_ bytes: some Sequence<UInt8>) -> Int {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
    return name.utf8.withContiguousStorageIfAvailable { fnv1a($0) } ?? fnv1a(name.utf8)
  }
}

/// One result row, read by column name. Every driver produces these directly.
public struct DatabaseRow: Sendable {
  public let columns: DatabaseColumns
  public let values: [DatabaseValue]

  public init(columns: DatabaseColumns, values: [DatabaseValue]) {
    self.columns = columns
    self.values = values
  }

  public subscript(column: String) -> DatabaseValue {
    guard let index = columns.position(of: column) else { return .null }
    return values[index]
  }

  /// The value at a column's position, found once for all of a result's rows
  /// (`DatabaseColumns.position(of:)`): a list of hundreds of rows looks each name up once
  /// rather than once a row. Nil (no such column) reads as null.
  public subscript(position: Int?) -> DatabaseValue {
    guard let position else { return .null }
    return values[position]
  }

  /// The column as text; a missing or null column reads as "".
  public func string(_ column: String) -> String { self[column].string }

  public func optionalString(_ column: String) -> String? { self[column].optionalString }

  /// The column as a whole number; a missing, null or non-numeric column reads as 0.
  public func int(_ column: String) -> Int { self[column].int }

  public func optionalInt(_ column: String) -> Int? { self[column].optionalInt }

  public func bool(_ column: String) -> Bool { int(column) != 0 }

  /// The column as a number with a fraction; a missing, null or non-numeric column reads as 0.
  public func double(_ column: String) -> Double { self[column].double }

  public func optionalDouble(_ column: String) -> Double? { self[column].optionalDouble }

  public func blob(_ column: String) -> [UInt8] {
    switch self[column] {
    case .blob(let bytes): bytes
    case .text(let text): Array(text.utf8)
    default: []
    }
  }
}

/// A value read as the stores read it: `DatabaseRow`'s accessors by name, and reads by
/// position (`DatabaseRow.subscript(position:)`), share these.
extension DatabaseValue {
  /// As text; null reads as "".
  public var string: String { optionalString ?? "" }

  public var optionalString: String? {
    switch self {
    case .text(let text): text
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
    case .null: nil
    }
  }

  /// As a whole number; null or non-numeric reads as 0.
  public var int: Int {
    switch self {
    case .integer(let number): Int(number)
    case .real(let number): Int(number)
    case .text(let text): Int(text) ?? 0
    default: 0
    }
  }

  public var optionalInt: Int? {
    if case .null = self { return nil }
    return int
  }

  /// As a number with a fraction; null or non-numeric reads as 0.
  public var double: Double {
    switch self {
    case .real(let number): number
    case .integer(let number): Double(number)
    case .text(let text): Double(text) ?? 0
    default: 0
    }
  }

  public var optionalDouble: Double? {
    if case .null = self { return nil }
    return double
  }
}
