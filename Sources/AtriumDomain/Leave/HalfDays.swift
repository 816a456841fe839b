/// An amount of leave, counted in half days so that sums are exact (no floating point).
/// On the wire it is a JSON number in steps of 0.5.
public struct HalfDays: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible {
  public var halves: Int

  public init(halves: Int) {
    self.halves = halves
  }

  public init(days: Int) {
    self.halves = days * 2
  }

  /// The nearest number of half days to `days`, ties away from zero (2.25 -> 2.5).
  public init(rounding days: Double) {
    self.halves = Int((days * 2).rounded(.toNearestOrAwayFromZero))
  }

  /// Exactly `days` when it is a multiple of 0.5, else nil.
  public init?(exactly days: Double) {
    let halves = days * 2
    guard halves.isFinite, halves == halves.rounded(), abs(halves) < 1e9 else { return nil }
    self.halves = Int(halves)
  }

  public var days: Double { Double(halves) / 2 }

  public static let zero = HalfDays(halves: 0)
  public static func + (lhs: HalfDays, rhs: HalfDays) -> HalfDays { HalfDays(halves: lhs.halves + rhs.halves) }
  public static func - (lhs: HalfDays, rhs: HalfDays) -> HalfDays { HalfDays(halves: lhs.halves - rhs.halves) }
  public static func < (lhs: HalfDays, rhs: HalfDays) -> Bool { lhs.halves < rhs.halves }

  /// `2`, `2.5`, `-0.5`: how a person writes it.
  public var description: String {
    halves % 2 == 0 ? String(halves / 2) : String(days)
  }
}

extension HalfDays: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Double.self)
    guard let exact = HalfDays(exactly: value) else {
      throw FieldRuleViolation(codingPath: decoder.codingPath, rule: .halfDayStep)
    }
    self = exact
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if halves % 2 == 0 { try container.encode(halves / 2) } else { try container.encode(days) }
  }
}
