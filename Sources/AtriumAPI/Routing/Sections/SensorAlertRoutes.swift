import AtriumHTTPTypes

extension Route {
  /// Alert rules on sensors, made from the templates admins offer, and who follows them.
  /// Everyone signed in reads and follows rules; admins and facilities staff make them
  /// (checked by the service); admins manage the templates.
  public enum SensorAlerts: RouteSection {
    /// `GET /api/v1/alert-templates`.
    case templates
    /// `POST /api/v1/alert-templates`.
    case createTemplate
    /// `PATCH /api/v1/alert-templates/{id}`.
    case updateTemplate(id: String)
    /// `DELETE /api/v1/alert-templates/{id}`: a template no rule was made from.
    case deleteTemplate(id: String)
    /// `GET /api/v1/alert-rules?sensorId=`: every rule, or those watching a sensor.
    case rules(sensorId: String?)
    /// `POST /api/v1/alert-rules`.
    case createRule
    /// `PATCH /api/v1/alert-rules/{id}`.
    case updateRule(id: String)
    /// `DELETE /api/v1/alert-rules/{id}`.
    case deleteRule(id: String)
    /// `PUT /api/v1/alert-rules/{id}/subscription`: the caller is told when it fires.
    case follow(id: String)
    /// `DELETE /api/v1/alert-rules/{id}/subscription`.
    case unfollow(id: String)

    public enum Name: String, CaseIterable, Sendable {
      case templates = "alertTemplates"
      case createTemplate = "createAlertTemplate"
      case updateTemplate = "updateAlertTemplate"
      case deleteTemplate = "deleteAlertTemplate"
      case rules = "alertRules"
      case createRule = "createAlertRule"
      case updateRule = "updateAlertRule"
      case deleteRule = "deleteAlertRule"
      case follow = "followAlertRule"
      case unfollow = "unfollowAlertRule"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      func row(
        _ method: HTTPMethod, _ path: String, access: EndpointRules.Access = .signedIn,
        _ make: @escaping @Sendable ([String], [String: String]) throws(RouteError) -> Self
      ) -> Endpoint<Self> {
        Endpoint(
          method, path, access: access, work: .quick, replay: method == .get ? .neverStored : .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard, make: make)
      }
      return switch name {
      case .templates: row(.get, "/api/v1/alert-templates") { _, _ in .templates }
      case .createTemplate:
        row(.post, "/api/v1/alert-templates", access: .admin(to: "manage alert templates")) { _, _ in .createTemplate }
      case .updateTemplate:
        row(.patch, "/api/v1/alert-templates/{id}", access: .admin(to: "manage alert templates")) { parameters, _ in
          .updateTemplate(id: parameters[0])
        }
      case .deleteTemplate:
        row(.delete, "/api/v1/alert-templates/{id}", access: .admin(to: "manage alert templates")) { parameters, _ in
          .deleteTemplate(id: parameters[0])
        }
      case .rules:
        row(.get, "/api/v1/alert-rules") { _, query in
          .rules(sensorId: query["sensorId"].flatMap { $0.isEmpty ? nil : $0 })
        }
      case .createRule: row(.post, "/api/v1/alert-rules") { _, _ in .createRule }
      case .updateRule: row(.patch, "/api/v1/alert-rules/{id}") { parameters, _ in .updateRule(id: parameters[0]) }
      case .deleteRule: row(.delete, "/api/v1/alert-rules/{id}") { parameters, _ in .deleteRule(id: parameters[0]) }
      case .follow: row(.put, "/api/v1/alert-rules/{id}/subscription") { parameters, _ in .follow(id: parameters[0]) }
      case .unfollow:
        row(.delete, "/api/v1/alert-rules/{id}/subscription") { parameters, _ in .unfollow(id: parameters[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .templates: RouteParts(.templates)
      case .createTemplate: RouteParts(.createTemplate)
      case .updateTemplate(let id): RouteParts(.updateTemplate, [id])
      case .deleteTemplate(let id): RouteParts(.deleteTemplate, [id])
      case .rules(let sensor): RouteParts(.rules, query: sensor.map { [("sensorId", $0)] } ?? [])
      case .createRule: RouteParts(.createRule)
      case .updateRule(let id): RouteParts(.updateRule, [id])
      case .deleteRule(let id): RouteParts(.deleteRule, [id])
      case .follow(let id): RouteParts(.follow, [id])
      case .unfollow(let id): RouteParts(.unfollow, [id])
      }
    }

    public static let examples: [Self] = [
      .templates, .createTemplate, .updateTemplate(id: "co2-above"), .deleteTemplate(id: Route.exampleID),
      .rules(sensorId: nil), .rules(sensorId: Route.exampleID), .createRule, .updateRule(id: Route.exampleID),
      .deleteRule(id: Route.exampleID), .follow(id: Route.exampleID), .unfollow(id: Route.exampleID),
    ]
  }
}
