/// A day in the proleptic Gregorian calendar, without time or zone (`YYYY-MM-DD` on the wire).
///
/// Leave, holidays and start dates are days, not instants: keeping them apart from `Date`
/// means no time zone can shift them by one.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Creates a date, or returns nil when the day does not exist (2025-02-29, month 13).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD`; anything else, or an impossible day, is nil.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    self.init(year: year, month: month, day: day)
  }

  /// `YYYY-MM-DD`, written digit by digit (dates are written a great deal).
  public var description: String {
    String(unsafeUninitializedCapacity: Self.digitCount) { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      writeDigits(to: start)
      return Self.digitCount
    }
  }

  /// The length of `description`.
  public static let digitCount = 10

  /// Writes `description`'s `digitCount` bytes at `bytes`: a JSON answer writes its dates
  /// straight into its buffer (`JSONOutput.writeDate`), without making their text first.
  public func writeDigits(to bytes: UnsafeMutablePointer<UInt8>) {
    let zero = UInt8(ascii: "0")
    bytes[0] = zero + UInt8(truncatingIfNeeded: year / 1000 % 10)
    bytes[1] = zero + UInt8(truncatingIfNeeded: year / 100 % 10)
    bytes[2] = zero + UInt8(truncatingIfNeeded: year / 10 % 10)
    bytes[3] = zero + UInt8(truncatingIfNeeded: year % 10)
    bytes[4] = UInt8(ascii: "-")
    bytes[5] = zero + UInt8(truncatingIfNeeded: month / 10 % 10)
    bytes[6] = zero + UInt8(truncatingIfNeeded: month % 10)
    bytes[7] = UInt8(ascii: "-")
    bytes[8] = zero + UInt8(truncatingIfNeeded: day / 10 % 10)
    bytes[9] = zero + UInt8(truncatingIfNeeded: day % 10)
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension CalendarDate: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate(text) else {
      throw FieldRuleViolation(codingPath: decoder.codingPath, rule: .date)
    }
    self = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
