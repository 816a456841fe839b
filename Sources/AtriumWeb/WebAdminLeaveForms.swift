import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumServices

/// The time-off settings page of the administration: the policy (counted and confirmed before
/// a change of this year is saved), leave types and holidays.
extension WebApp {
  /// A change of this year's rules is counted and shown before it is saved; a change from a
  /// later year is saved at once.
  /// - Parameter read: the change from the form (throws when a field is not a number).
  func savePolicy(
    _ context: WebContext, principal: Principal, confirmed: Bool, done: (WebPage, String?) -> HTTPResponse,
    _ read: () throws -> LeavePolicyBody
  ) throws -> HTTPResponse {
    do {
      var change = try read()
      let thisYear = leaveSettings.thisYear()
      if (change.fromYear ?? thisYear + 1) <= thisYear, !confirmed {
        change.dryRun = true
        let counted = try leaveSettings.updatePolicy(change, by: principal)
        change.dryRun = nil
        return try leavePage(
          context, principal: principal, location: nil, year: nil,
          confirming: AdminPages.PolicyConfirmation(change: change, affectedPeople: counted.affectedPeople ?? 0))
      }
      _ = try leaveSettings.updatePolicy(change, by: principal)
      return done(.admin(.leave(location: nil, year: nil)), nil)
    } catch {
      let problem = formProblem(error, in: context.language)
      return try leavePage(
        context, principal: principal, location: nil, year: nil, error: problem.detail, status: problem.status)
    }
  }

  func leavePage(
    _ context: WebContext, principal: Principal, location: String?, year: Int?, error: String? = nil,
    holidayError: String? = nil, status: Int = 200, confirming: AdminPages.PolicyConfirmation? = nil
  ) throws -> HTTPResponse {
    let locations = try places.locations(PageRequest(limit: 1000)).items
    let chosen = location ?? locations.first?.id ?? ""
    let thisYear = leaveSettings.thisYear()
    let year = year ?? thisYear
    // The form starts on next year's rules: a change takes effect from next year unless the
    // admin chooses this one.
    var policy = try confirming?.change ?? leaveSettings.policy(year: thisYear + 1)
    if confirming == nil { policy.fromYear = thisYear + 1 }
    return html(
      AdminPages.leave(
        context, policy: policy, history: try leaveSettings.policyHistory().items,
        types: try leaveSettings.leaveTypes().items, locations: locations, location: chosen, year: year,
        holidays: chosen.isEmpty
          ? [] : try leaveSettings.holidays(locationID: chosen, year: year, principal: principal).items,
        error: error, holidayError: holidayError, confirming: confirming), status: status)
  }

  /// Runs a change to the time off settings and shows the page again, with the reason when it
  /// was refused.
  /// - Parameter atHolidays: a refusal is shown by the holiday form rather than at the top.
  func leaveChange(
    _ context: WebContext, principal: Principal, location: String? = nil, year: Int? = nil, atHolidays: Bool = false,
    done: (WebPage, String?) -> HTTPResponse, message: String? = nil, _ change: () throws -> Void
  ) throws -> HTTPResponse {
    do {
      try change()
      return done(.admin(.leave(location: location, year: year)), message)
    } catch {
      let problem = formProblem(error, in: context.language)
      return try leavePage(
        context, principal: principal, location: location, year: year, error: atHolidays ? nil : problem.detail,
        holidayError: atHolidays ? problem.detail : nil, status: problem.status)
    }
  }
}
