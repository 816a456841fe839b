/// What one person's counting leave adds up to in one year: all a balance needs of it. The
/// sums do not depend on "today", so they can be kept as rows and changed only when leave
/// changes (`LeaveBalanceStore`); the balance's date-dependent part (expiry) is computed
/// when it is read.
public struct ChargedTotals: Hashable, Sendable, AdditiveArithmetic, CustomStringConvertible {
  /// How many dated days the sums hold: a year with none counts as a year without leave
  /// (where the carry-over chain starts depends on it).
  public var days: Int
  public var approved: HalfDays
  public var pending: HalfDays
  /// The part dated on or before the year's carry-over deadline: only it can use carried-over days.
  public var early: HalfDays

  public init(days: Int, approved: HalfDays, pending: HalfDays, early: HalfDays) {
    self.days = days
    self.approved = approved
    self.pending = pending
    self.early = early
  }

  public static let zero = ChargedTotals(days: 0, approved: .zero, pending: .zero, early: .zero)

  public static func + (lhs: ChargedTotals, rhs: ChargedTotals) -> ChargedTotals {
    ChargedTotals(
      days: lhs.days + rhs.days, approved: lhs.approved + rhs.approved, pending: lhs.pending + rhs.pending,
      early: lhs.early + rhs.early)
  }

  public static func - (lhs: ChargedTotals, rhs: ChargedTotals) -> ChargedTotals {
    ChargedTotals(
      days: lhs.days - rhs.days, approved: lhs.approved - rhs.approved, pending: lhs.pending - rhs.pending,
      early: lhs.early - rhs.early)
  }

  public var description: String {
    "\(days) days: approved \(approved), pending \(pending), early \(early)"
  }
}

extension [Int: ChargedTotals] {
  /// These totals without `other`'s (a request being replaced), dropping years left with no days.
  public func subtracting(_ other: [Int: ChargedTotals]) -> [Int: ChargedTotals] {
    var result = self
    for (year, totals) in other {
      let left = (result[year] ?? .zero) - totals
      result[year] = left.days == 0 ? nil : left
    }
    return result
  }
}
