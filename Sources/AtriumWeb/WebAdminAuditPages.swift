import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

/// The audit log's page and its CSV file: the filters are read once, into the store's.
extension WebApp {
  func auditPage(_ query: AuditQuery, principal: Principal, context: WebContext) throws -> HTTPResponse {
    let filter: AuditTrail.Filter
    do {
      filter = try auditFilter(query)
    } catch {
      let problem = formProblem(error, in: context.language)
      return html(
        AdminPages.audit(context, Page(items: [], nextCursor: nil), query: query, error: problem.detail),
        status: problem.status)
    }
    let page = try AuditTrail(environment: environment).page(
      PageRequest(limit: 100, cursor: query.cursor), filter: filter, principal: principal)
    return html(AdminPages.audit(context, page, query: query))
  }

  /// Every entry under the filters (up to 10,000, newest first): when, who, what in words,
  /// and the changes, for a spreadsheet.
  func auditExport(_ query: AuditQuery, principal: Principal, context: WebContext) throws -> HTTPResponse {
    let filter = try auditFilter(query)
    let trail = AuditTrail(environment: environment)
    var rows = [["at", "actor", "what", "changes"]]
    var cursor: String?
    repeat {
      let page = try trail.page(PageRequest(limit: 1000, cursor: cursor), filter: filter, principal: principal)
      rows += page.items.map { entry in
        [
          entry.at, entry.actor.displayName,
          context(
            AuditText.did(actor: entry.actor.displayName, action: entry.action, target: AuditReading.targetName(entry))),
          AuditReading.changes(entry).map { "\($0.field): \($0.before) → \($0.after)" }.joined(separator: "; "),
        ]
      }
      cursor = page.nextCursor
    } while cursor != nil && rows.count <= 10_000
    let csv = rows.map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    return HTTPResponse(
      status: 200,
      headers: HTTPHeaders([
        ("Content-Type", "text/csv; charset=utf-8"), ("Cache-Control", "no-store"),
        ("Content-Disposition", "attachment; filename=\"atrium-audit.csv\""),
      ]), body: Array(csv.utf8))
  }

  /// A field as RFC 4180 writes it; one starting like a formula is written as text, so a
  /// spreadsheet never runs it.
  static func csvField(_ text: String) -> String {
    var value = text
    if let first = value.first, "=+-@".contains(first) { value = "'" + value }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  private func auditFilter(_ query: AuditQuery) throws -> AuditTrail.Filter {
    var filter = AuditTrail.Filter(action: query.action)
    var errors: [FieldError] = []
    if let username = query.person {
      // Nobody by that name: an empty list, not every entry.
      filter.personID = try AuditTrail(environment: environment).personID(username: username) ?? "-"
    }
    func instant(_ text: String?, field: String, endOfDay: Bool) -> Int64? {
      guard let text else { return nil }
      guard let date = CalendarDate(text) else {
        errors.append(FieldError(field: field, rule: .date))
        return nil
      }
      let start = Int64(date.dayNumber - CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber) * 86_400_000
      return endOfDay ? start + 86_399_999 : start
    }
    filter.from = instant(query.from, field: "from", endOfDay: false)
    filter.to = instant(query.to, field: "to", endOfDay: true)
    if !errors.isEmpty { throw Problem.invalid(ValidationFailure(errors)) }
    return filter
  }
}
