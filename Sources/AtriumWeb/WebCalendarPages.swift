import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Calendar section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Calendar, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .grid(let month, let department, let location):
      let calendar = try teamCalendar.month(month, departmentID: department, locationID: location, principal: principal)
      return html(
        CalendarPage.render(
          context, calendar, departmentID: department, locationID: location,
          departments: try places.departments(PageRequest(limit: 1000)).items,
          locations: try places.locations(PageRequest(limit: 1000)).items))
    }
  }
}
