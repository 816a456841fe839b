import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Team section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Team, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .directory(let query, let department, let location):
      let people = try self.people.directory(
        PeopleQuery(text: query, departmentID: department, locationID: location, page: PageRequest(limit: 200)))
      return html(
        TeamPage.directory(
          context, page: .team(page), people: people.items,
          departments: try places.departments(PageRequest(limit: 1000)).items,
          locations: try places.locations(PageRequest(limit: 1000)).items))
    case .person(let id):
      let profile = try people.profile(id: id, principal: principal)
      let actions = try extensions.personActions.compactMap { try $0.button(profile, principal, context) }
      return html(TeamPage.person(context, profile, actions: actions))
    case .timeOff(let id, let year):
      return html(
        TeamPage.timeOff(context, id: id, year: try leaveQueries.personLeave(id: id, year: year, principal: principal)))
    }
  }
}
