import AtriumAPI
import AtriumDomain

/// The year views this instance made, by person and year (`/me/leave` and a person's year as
/// JSON, and as values for the web pages: one `KeptLeaveYears` for each), each with everything
/// it was made from (`LeaveYearInputs`). A view is used again only while each of these reads
/// the same, so it is what making it afresh would give: the hottest read of all then reads one
/// row by key instead of two ranges, a balance and the requests' encodings (`make bench-cost`).
package final class KeptLeaveYears<View: Sendable>: Sendable {
  /// A class, so that handing one out of the lock retains it once rather than each of its
  /// requests.
  private final class Kept: Sendable {
    let inputs: LeaveYearInputs
    let view: View

    init(inputs: LeaveYearInputs, view: View) {
      self.inputs = inputs
      self.view = view
    }
  }

  private let kept: TwoGenerations<LeaveYearKey, Kept>
  private let names = NamesVersions<[String: String]>()

  /// - Parameter limit: How many views a generation holds (`TwoGenerations`): a view is a
  ///   year's requests, a few kilobytes at most.
  package init(limit: Int = 2_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The version of the leave types' names as read now.
  package func namesVersion(of names: [String: String]) -> Int {
    self.names.version(of: names)
  }

  /// The view kept for the key, when it was made from these same inputs.
  package func view(_ key: LeaveYearKey, madeFrom inputs: LeaveYearInputs) -> View? {
    guard let kept = kept.value(for: key), kept.inputs == inputs else { return nil }
    return kept.view
  }

  package func keep(_ view: View, _ key: LeaveYearKey, madeFrom inputs: LeaveYearInputs) {
    kept.keep([(key: key, value: Kept(inputs: inputs, view: view))])
  }
}

/// Whose year a kept view is, and which.
package struct LeaveYearKey: Hashable, Sendable {
  let employeeID: String
  let year: Int
}

/// What a year view was made from, besides the person and the year: the person's leave
/// version (`LeaveVersionStore`, which moves with every change of their requests and totals,
/// on any instance), today where they work, their start date, the balance rules (the policy
/// and their allowances set by hand) and the leave types' names.
package struct LeaveYearInputs: Equatable, Sendable {
  /// Nil: the person has no version row yet (no change since versions began).
  let version: Int64?
  let today: CalendarDate
  let startDate: CalendarDate?
  let rules: LeaveContext.BalanceRules
  /// The version of the leave types' names (`NamesVersions`) in the cache the view is kept in.
  let namesVersion: Int
}
