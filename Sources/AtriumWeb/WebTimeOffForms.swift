import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The request form: a first submit (or any with `intent=preview`) shows the preview; a
  /// submit with `intent=send` asks for the leave. Errors come back next to the form.
  func requestLeave(
    _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor, context: WebContext,
    changing id: String? = nil
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    var values = TimeOffPage.Form()
    values.start = form["start"] ?? ""
    values.end = form["end"] ?? ""
    values.startHalf = form["startHalf"].flatMap(StartHalf.init(rawValue:)) ?? .full
    values.endHalf = form["endHalf"].flatMap(EndHalf.init(rawValue:)) ?? .full
    values.note = form["note"] ?? ""
    values.typeID = form["typeId"] ?? ""
    // The page answers with the year it was showing, not this year's.
    values.year = form["year"].flatMap { Int($0) }.flatMap { Route.validYears.contains($0) ? $0 : nil }
    let year = try leaveQueries.myLeave(year: values.year, principal: principal)
    let types = try activeLeaveTypes()
    guard let start = CalendarDate(values.start), let end = CalendarDate(values.end) else {
      return html(
        TimeOffPage.render(
          context, year: year, form: values, error: context(.chooseDays), types: types, changing: id),
        status: 400)
    }
    do {
      if form["intent"] == "send" {
        let typeID = values.typeID.isEmpty ? nil : values.typeID
        if let id {
          _ = try leave.change(
            id,
            LeaveChange(
              start: start, end: end, startHalf: values.startHalf, endHalf: values.endHalf, typeId: typeID,
              note: values.note), by: principal)
        } else {
          _ = try leave.create(
            NewLeaveRequest(
              start: start, end: end, startHalf: values.startHalf, endHalf: values.endHalf, typeId: typeID,
              note: values.note),
            by: principal)
        }
        // Shown on the year of the request, where it now is.
        return redirect(
          to: .timeOff(.overview(year: start.year)),
          saying: id == nil ? context(AppText.requestSent) : context(DecisionText.decided(.change)), visitor: visitor,
          request: request)
      }
      var preview = try leaveQueries.preview(
        LeaveQuery(
          start: start, end: end, startHalf: values.startHalf, endHalf: values.endHalf,
          typeId: values.typeID.isEmpty ? nil : values.typeID, replacing: id),
        principal: principal)
      preview.refusal = preview.refusal?.localized(in: context.language)
      return html(TimeOffPage.render(context, year: year, form: values, preview: preview, types: types, changing: id))
    } catch {
      let problem = problem(error, request, in: context.language)
      return html(
        TimeOffPage.render(context, year: year, form: values, error: problem.detail, types: types, changing: id),
        status: problem.status)
    }
  }

  /// Changing one's password: a temporary one must be changed first. Every session ends, and
  /// this browser gets a new one.
  func activeLeaveTypes() throws -> [LeaveTypeBody] {
    try leaveSettings.leaveTypes().items.filter(\.active)
  }
}
