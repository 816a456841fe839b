import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The presence section's pages and forms: "Where", its check-in, mates and sharing forms,
  /// and (for admins) campuses and buildings.
  func page(
    _ page: WebPage.Presence, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    if page.isForAdmins {
      guard principal.employee.role == .admin else { return notAllowed(context) }
      return try adminPresencePage(page, request, form: form, visitor: visitor, context: context)
    }
    func change(_ to: WebPage, _ work: () throws -> String?) -> HTTPResponse {
      formChange(to: to, visitor: visitor, request: request, context: context, work)
    }
    let here = WebPage.presence(.whereAmI(fix: nil))
    switch page {
    case .whereAmI(let fix):
      return html(PresencePage.render(context, try whereData(fix: fix, principal: principal, context: context)))
    case .checkIn:
      return change(here) {
        _ = try PresenceService(environment: environment).checkIn(
          NewCheckIn(buildingId: form["building"] ?? "", position: Self.formFix(form, now: environment.now())),
          principal: principal)
        return nil
      }
    case .checkOut:
      return change(here) {
        try PresenceService(environment: environment).checkOut(principal: principal)
        return context(PresenceText.checkedOut)
      }
    case .addMate:
      // Back to the person's page the button was on.
      let back = form["person"].map { WebPage.team(.person(id: $0)) } ?? here
      return change(back) {
        let added = try PresenceMatesService(environment: environment).addMate(
          NewMate(personId: form["person"] ?? ""), principal: principal)
        return context(PresenceText.addedToMates(added.mate.displayName))
      }
    case .removeMate(let id):
      return change(here) {
        try PresenceMatesService(environment: environment).removeMate(id: id, principal: principal)
        return nil
      }
    case .saveSharing:
      return change(.settings(.show)) {
        _ = try PresenceService(environment: environment).updateSettings(
          PresenceSettingsChange(sharing: form["sharing"], automatic: form["automatic"] == "on"), principal: principal)
        return context(.saved)
      }
    case .places, .createCampus, .updateCampus, .deleteCampus, .createBuilding, .updateBuilding, .deleteBuilding,
      .savePolicy:
      return notAllowed(context)
    }
  }

  /// What the "Where" page shows.
  private func whereData(fix text: String?, principal: Principal, context: WebContext) throws -> PresencePage.Data {
    let presence = PresenceService(environment: environment)
    let mates = PresenceMatesService(environment: environment)
    let places = PresencePlacesService(environment: environment)
    var data = PresencePage.Data(
      me: try presence.me(principal: principal), campuses: try places.campuses(),
      mateCheckIns: try mates.checkIns(principal: principal), mates: try mates.mates(principal: principal),
      allowsWithoutPosition: try places.policy().checkInWithoutPosition,
      locationID: principal.employee.locationID, now: environment.now())
    guard let text else { return data }
    guard let fix = Self.queryFix(text) else {
      data.positionProblem = context(PresenceText.positionRefused)
      return data
    }
    do {
      data.nearby = try presence.nearby(fix, principal: principal)
      data.fix = fix
    } catch {
      // A fix too old or too imprecise says why; a malformed one reads as no position.
      let problem = formProblem(error, in: context.language)
      data.positionProblem = problem.status == 422 ? problem.detail : context(PresenceText.positionRefused)
    }
    return data
  }

  /// `LAT,LON,ACCURACY_M,AGE_S` as the page's script writes it; nil for `refused` or anything
  /// that is not four numbers.
  static func queryFix(_ text: String) -> PositionReport? {
    let numbers = text.split(separator: ",").compactMap { Double($0) }
    guard numbers.count == 4 else { return nil }
    return PositionReport(latitude: numbers[0], longitude: numbers[1], accuracyM: numbers[2], fixAgeS: numbers[3])
  }

  /// A check-in form's fix, aged by the time since the page showed it (`seenAt`, the server's
  /// own clock, so the browser's clock plays no part); nil without a position.
  static func formFix(_ form: [String: String], now: Date) -> PositionReport? {
    guard let latitude = form["lat"].flatMap(Double.init), let longitude = form["lon"].flatMap(Double.init) else {
      return nil
    }
    let shownAt = form["seenAt"].flatMap(Int64.init) ?? now.milliseconds
    let waited = Double(max(0, now.milliseconds - shownAt)) / 1000
    return PositionReport(
      latitude: latitude, longitude: longitude, accuracyM: form["accuracy"].flatMap(Double.init) ?? .infinity,
      fixAgeS: (form["age"].flatMap(Double.init) ?? 0) + waited)
  }
}
