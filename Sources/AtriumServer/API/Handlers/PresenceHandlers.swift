import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices

extension AtriumApp {
  /// Presence: campuses and buildings (admins change them, checked before).
  func handle(_ route: Route.Presence, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    let places = PresencePlacesService(environment: environment)
    switch route {
    case .campuses:
      return try JSONCoding.response(Page(items: try places.campuses(), nextCursor: nil))
    case .createCampus:
      let body = try JSONCoding.decode(CampusChange.self, from: request)
      return try JSONCoding.response(try places.createCampus(body, by: principal), status: 201)
    case .updateCampus(let id):
      let body = try JSONCoding.decode(CampusChange.self, from: request)
      return try JSONCoding.response(try places.updateCampus(id: id, body, by: principal))
    case .deleteCampus(let id):
      try places.deleteCampus(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .createBuilding:
      let body = try JSONCoding.decode(BuildingChange.self, from: request)
      return try JSONCoding.response(try places.createBuilding(body, by: principal), status: 201)
    case .updateBuilding(let id):
      let body = try JSONCoding.decode(BuildingChange.self, from: request)
      return try JSONCoding.response(try places.updateBuilding(id: id, body, by: principal))
    case .deleteBuilding(let id):
      try places.deleteBuilding(id: id, by: principal)
      return HTTPResponse(status: 204)
    }
  }
}
