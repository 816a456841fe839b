/// The company's leave policy year by year. A change takes effect from a year an admin
/// chooses and holds until the next change, so a year keeps the figures it had: raising the
/// allowance from 2027 leaves 2026 and every year before it as they were.
public struct LeavePolicyHistory: Hashable, Sendable {
  /// One policy and the first year it applies to.
  public struct Entry: Hashable, Sendable {
    public let fromYear: Int
    public let policy: LeavePolicy

    public init(fromYear: Int, policy: LeavePolicy) {
      self.fromYear = fromYear
      self.policy = policy
    }
  }

  /// By year, oldest first; never empty.
  public let entries: [Entry]

  /// The earliest year a history can start from: the policy every installation began with.
  public static let firstYear = 1900

  /// - Parameter entries: in any order; an empty list means the standard policy throughout.
  public init(_ entries: [Entry]) {
    let sorted = entries.sorted { $0.fromYear < $1.fromYear }
    self.entries = sorted.isEmpty ? [Entry(fromYear: Self.firstYear, policy: .standard)] : sorted
  }

  /// One policy for every year.
  public static func constant(_ policy: LeavePolicy) -> LeavePolicyHistory {
    LeavePolicyHistory([Entry(fromYear: firstYear, policy: policy)])
  }

  /// The entry in effect in `year` (the first one for years before any change).
  public func entry(in year: Int) -> Entry {
    entries.last { $0.fromYear <= year } ?? entries[0]
  }

  /// The policy in effect in `year`.
  public func policy(in year: Int) -> LeavePolicy { entry(in: year).policy }

  /// The history after a change from `year` on: `change` is applied to the policy in effect
  /// that year and to every later entry, so a later change of another rule keeps its own.
  public func changing(from year: Int, _ change: (inout LeavePolicy) -> Void) -> LeavePolicyHistory {
    var changed = entries.filter { $0.fromYear < year }
    var first = policy(in: year)
    change(&first)
    changed.append(Entry(fromYear: year, policy: first))
    for later in entries where later.fromYear > year {
      var policy = later.policy
      change(&policy)
      changed.append(Entry(fromYear: later.fromYear, policy: policy))
    }
    return LeavePolicyHistory(changed)
  }

  /// Which years a change may start from: this year or a later one. A year that is over keeps
  /// its figures; an admin changes a past year only through a person's allowance, on purpose.
  public static func validFromYear(_ year: Int, today: CalendarDate, into validator: inout Validator) {
    validator.require(year >= today.year, "fromYear", .yearAtLeast(today.year))
    validator.require(year <= today.year + 10, "fromYear", .yearAtMost(today.year + 10))
  }
}
