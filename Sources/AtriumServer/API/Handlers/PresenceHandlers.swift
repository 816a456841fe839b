import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices

extension AtriumApp {
  /// Presence: campuses and buildings (admins change them, checked before), check-ins and
  /// presence settings.
  func handle(_ route: Route.Presence, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    let places = PresencePlacesService(environment: environment)
    let presence = PresenceService(environment: environment)
    let mates = PresenceMatesService(environment: environment)
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
    case .nearby:
      let report = try JSONCoding.decode(PositionReport.self, from: request)
      return try JSONCoding.response(Page(items: try presence.nearby(report, principal: principal), nextCursor: nil))
    case .checkIn:
      let body = try JSONCoding.decode(NewCheckIn.self, from: request)
      return try JSONCoding.response(try presence.checkIn(body, principal: principal), status: 201)
    case .checkOut:
      try presence.checkOut(principal: principal)
      return HTTPResponse(status: 204)
    case .position:
      let report = try JSONCoding.decode(PositionReport.self, from: request)
      return try JSONCoding.response(try presence.position(report, principal: principal))
    case .me:
      return try JSONCoding.response(try presence.me(principal: principal))
    case .settings:
      return try JSONCoding.response(try presence.settings(principal: principal))
    case .updateSettings:
      let change = try JSONCoding.decode(PresenceSettingsChange.self, from: request)
      return try JSONCoding.response(try presence.updateSettings(change, principal: principal))
    case .mates:
      return try JSONCoding.response(Page(items: try mates.mates(principal: principal), nextCursor: nil))
    case .addMate:
      let body = try JSONCoding.decode(NewMate.self, from: request)
      let added = try mates.addMate(body, principal: principal)
      return try JSONCoding.response(added.mate, status: added.isNew ? 201 : 200)
    case .removeMate(let id):
      try mates.removeMate(id: id, principal: principal)
      return HTTPResponse(status: 204)
    case .mateCheckIns:
      return try JSONCoding.response(Page(items: try mates.checkIns(principal: principal), nextCursor: nil))
    case .today:
      return try JSONCoding.response(Page(items: try mates.today(principal: principal), nextCursor: nil))
    case .exportHistory:
      var response = try JSONCoding.response(try mates.export(principal: principal))
      response.headers.set("Content-Disposition", #"attachment; filename="atrium-presence.json""#)
      return response
    case .deleteHistory:
      try mates.deleteHistory(principal: principal)
      return HTTPResponse(status: 204)
    case .map(let campusID):
      let drawn = try PresenceMapService(environment: environment).map(campusID: campusID, principal: principal)
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([("Content-Type", "image/svg+xml; charset=utf-8"), ("Cache-Control", "private, no-cache")]
        ),
        body: Array(PresenceMapService.svg(drawn.map, campusName: drawn.campusName).utf8))
    case .policy:
      return try JSONCoding.response(try places.policy())
    case .updatePolicy:
      let body = try JSONCoding.decode(PresencePolicyBody.self, from: request)
      return try JSONCoding.response(try places.updatePolicy(body, by: principal))
    }
  }
}
