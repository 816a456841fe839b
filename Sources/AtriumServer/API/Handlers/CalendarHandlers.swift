import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// The team calendar and the calendar feeds. The feed itself is anonymous: its secret token
  /// authorizes it.
  func handle(_ route: Route.Calendar, _ request: HTTPRequest, _ principal: Principal?) throws -> HTTPResponse {
    switch route {
    case .team(let month, let departmentID, let locationID):
      return try JSONCoding.response(
        try teamCalendar.month(
          month, departmentID: departmentID, locationID: locationID, principal: try signedIn(principal)))
    case .mine:
      return try JSONCoding.response(
        try calendarFeeds.addresses(for: try signedIn(principal), origin: request.origin))
    case .rotate:
      return try JSONCoding.response(
        try calendarFeeds.rotate(for: try signedIn(principal), origin: request.origin))
    case .feed(let token, let team, let includePending):
      let text = try calendarFeeds.feed(token: token, team: team, includePending: includePending)
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([
          ("Content-Type", "text/calendar; charset=utf-8"), ("Cache-Control", "private, max-age=300"),
        ]),
        body: Array(text.utf8))
    }
  }
}
