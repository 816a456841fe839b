import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The Sensors section's pages and forms, over the same services as the API.
  func page(
    _ page: WebPage.Sensors, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    let rules = AlertRuleService(environment: environment)
    func change(_ to: WebPage, _ work: () throws -> String?) -> HTTPResponse {
      formChange(to: to, visitor: visitor, request: request, context: context, work)
    }
    switch page {
    case .list(let building, let kind):
      let list = try sensors.list(SensorFilter(), principal: principal)
      return html(
        SensorsPage.render(
          context,
          SensorsPage.Data(
            list: list, sparklines: try sensors.sparklines(of: list.items), buildings: try buildings(),
            building: building,
            kind: kind, mayRegister: SensorAccess.manages(principal), now: environment.now(),
            timeZone: try sensors.timeZone(of: principal))))
    case .show(let id, let rangeText):
      let range = rangeText.flatMap(SeriesRange.init(rawValue:)) ?? .day
      let sensor = try sensors.sensor(id: id, principal: principal)
      return html(
        SensorPage.render(
          context,
          SensorPage.Data(
            sensor: sensor, range: range, charts: try sensors.charts(id: id, range: range),
            rules: try rules.rules(sensorID: id, principal: principal).items,
            history: try sensors.alertHistory(id: id).items, manages: SensorAccess.manages(principal),
            now: environment.now(), timeZone: try sensors.timeZone(of: principal))))
    case .follow(let ruleID, let sensorID), .unfollow(let ruleID, let sensorID):
      let follows = if case .follow = page { true } else { false }
      return change(.sensors(.show(id: sensorID, range: nil))) {
        try rules.follow(id: ruleID, follows, principal: principal)
        return context(follows ? SensorAppText.following : SensorAppText.notFollowing)
      }
    case .ruleForm(let sensorID, let templateID):
      guard SensorAccess.manages(principal) else { return notAllowed(context) }
      let sensor = try sensors.sensor(id: sensorID, principal: principal)
      let templates = try AlertTemplateService(environment: environment).templates().items
      let offered = templates.filter { sensor.kinds.contains($0.kind) }
      guard let chosen = offered.first(where: { $0.id == templateID }) ?? offered.first else {
        return redirect(
          to: .sensors(.show(id: sensorID, range: nil)), saying: context(SensorAppText.noRules), visitor: visitor,
          request: request)
      }
      return html(SensorFormsPage.ruleForm(context, sensor: sensor, templates: templates, chosen: chosen))
    case .addRule(let sensorID):
      return change(.sensors(.show(id: sensorID, range: nil))) {
        let saved = try rules.create(
          NewAlertRule(
            templateId: form["template"] ?? "", sensorId: sensorID, threshold: try number(form, "threshold"),
            forSec: try whole(form, "forSec"), hysteresis: try number(form, "hysteresis"),
            cooldownSec: try whole(form, "cooldownSec"), label: form["label"].flatMap { $0.isEmpty ? nil : $0 }),
          by: principal)
        return saved.clamped.isEmpty
          ? context(SensorAppText.ruleSaved) : context(SensorAppText.serverKept(fields: saved.clamped))
      }
    case .registerForm:
      guard SensorAccess.manages(principal) else { return notAllowed(context) }
      return html(
        SensorFormsPage.registerForm(
          context, rooms: try SensorRoomService(environment: environment).rooms(principal: principal).items,
          buildings: try buildings()))
    case .register:
      // The answer is the page itself: the password is never put in an address or a flash.
      do {
        let registered = try sensors.register(
          NewSensor(
            name: form["name"] ?? "", room: form["room"] ?? "",
            buildingId: form["building"].flatMap { $0.isEmpty ? nil : $0 },
            floor: form["floor"].flatMap { $0.isEmpty ? nil : $0 },
            kinds: SensorKind.allCases.filter { form["kind-" + $0.rawValue] == "on" }.map(\.rawValue),
            intervalSec: try whole(form, "interval")),
          key: nil, by: principal)
        return html(SensorFormsPage.credentials(context, registered), status: 201)
      } catch {
        let problem = formProblem(error, in: context.language)
        let message = problem.errors?.first.map { "\($0.field): \($0.message)" } ?? problem.detail ?? ""
        return redirect(to: .sensors(.registerForm), saying: message, visitor: visitor, request: request)
      }
    case .delete(let id):
      return change(.sensors(.list(building: nil, kind: nil))) {
        try sensors.delete(id: id, by: principal)
        return context(SensorAppText.sensorDeleted)
      }
    }
  }

  private func buildings() throws -> [BuildingBody] {
    try PresencePlacesService(environment: environment).campuses().flatMap(\.buildings)
  }

  private func number(_ form: [String: String], _ field: String) throws -> Double? {
    guard let text = form[field]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    guard let value = Double(text.replacingOccurrences(of: ",", with: ".")) else {
      throw Problem.invalid(ValidationFailure([FieldError(field: field, rule: .number)]))
    }
    return value
  }

  private func whole(_ form: [String: String], _ field: String) throws -> Int? {
    guard let text = form[field]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    guard let value = Int(text) else {
      throw Problem.invalid(ValidationFailure([FieldError(field: field, rule: .number)]))
    }
    return value
  }
}
