import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// The admins' presence page and its forms; each form goes back to the page saying what
  /// it did, or the service's reason (a field, a campus still holding buildings).
  func adminPresencePage(
    _ page: WebPage.Presence, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    let places = PresencePlacesService(environment: environment)
    func change(_ work: () throws -> Void) -> HTTPResponse {
      formChange(to: .presence(.places), visitor: visitor, request: request, context: context) {
        try work()
        return context(.saved)
      }
    }
    switch page {
    case .places:
      return html(
        AdminPresencePage.render(
          context, campuses: try places.campuses(),
          locations: try self.places.locations(PageRequest(limit: 1000)).items,
          policy: try places.policy(),
          today: try PresenceMatesService(environment: environment).today(principal: principal)))
    case .createCampus:
      return change { _ = try places.createCampus(Self.campusChange(form), by: principal) }
    case .updateCampus(let id):
      return change { _ = try places.updateCampus(id: id, Self.campusChange(form), by: principal) }
    case .deleteCampus(let id):
      return change { try places.deleteCampus(id: id, by: principal) }
    case .createBuilding:
      return change { _ = try places.createBuilding(Self.buildingChange(form), by: principal) }
    case .updateBuilding(let id):
      // A building stays on its campus: the edit form has no campus.
      var edited = Self.buildingChange(form)
      edited.campusId = nil
      return change { _ = try places.updateBuilding(id: id, edited, by: principal) }
    case .deleteBuilding(let id):
      return change { try places.deleteBuilding(id: id, by: principal) }
    case .savePolicy:
      return change {
        _ = try places.updatePolicy(
          PresencePolicyBody(checkInWithoutPosition: form["withoutPosition"] == "on"), by: principal)
      }
    case .whereAmI, .checkIn, .checkOut, .addMate, .removeMate, .saveSharing:
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }

  /// A number typed in a form: nil when left blank, not-a-number when it is not one (which
  /// the service refuses by field).
  private static func number(_ text: String?) -> Double? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    return Double(text.replacingOccurrences(of: ",", with: ".")) ?? .nan
  }

  private static func text(_ text: String?) -> String? {
    text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
  }

  static func campusChange(_ form: [String: String]) -> CampusChange {
    CampusChange(
      name: text(form["name"]), timeZone: text(form["timeZone"]), latitude: number(form["latitude"]),
      longitude: number(form["longitude"]), locationId: text(form["location"]))
  }

  static func buildingChange(_ form: [String: String]) -> BuildingChange {
    BuildingChange(
      campusId: text(form["campus"]), name: text(form["name"]), latitude: number(form["latitude"]),
      longitude: number(form["longitude"]), radiusM: number(form["radius"]), address: form["address"] ?? "",
      floors: (form["floors"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty })
  }
}
