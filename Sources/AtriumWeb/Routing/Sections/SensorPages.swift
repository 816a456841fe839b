extension WebPage {
  /// Sensors: the tiles (filtered by building and kind), a sensor's page with its series,
  /// rules and history, following a rule, the rule editor, and registering a sensor (admins
  /// and facilities staff: the service decides).
  package enum Sensors: PageSection {
    case list(building: String?, kind: String?)
    /// `range`: `24h` (the default) or `7d`.
    case show(id: String, range: String?)
    case follow(ruleID: String, sensorID: String)
    case unfollow(ruleID: String, sensorID: String)
    /// The rule editor for a sensor, from a template (the first when nil).
    case ruleForm(sensorID: String, template: String?)
    case addRule(sensorID: String)
    case registerForm
    case register
    case delete(id: String)

    package enum Name: CaseIterable, Sendable {
      case list, show, follow, unfollow, ruleForm, addRule, registerForm, register, delete
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .list:
        PageRow(.get, "/sensors", rules: .signedIn) { _, query in
          .list(building: query.nonBlank("building"), kind: query.nonBlank("kind"))
        }
      case .show:
        PageRow(.get, "/sensors/{id}", rules: .signedIn) { id, query in .show(id: id[0], range: query.nonBlank("range"))
        }
      case .follow:
        PageRow(.post, "/sensors/{id}/rules/{rule}/follow", rules: .signedIn) { ids, _ in
          .follow(ruleID: ids[1], sensorID: ids[0])
        }
      case .unfollow:
        PageRow(.post, "/sensors/{id}/rules/{rule}/unfollow", rules: .signedIn) { ids, _ in
          .unfollow(ruleID: ids[1], sensorID: ids[0])
        }
      case .ruleForm:
        PageRow(.get, "/sensors/{id}/rules/new", rules: .signedIn) { id, query in
          .ruleForm(sensorID: id[0], template: query.nonBlank("template"))
        }
      case .addRule: PageRow(.post, "/sensors/{id}/rules", rules: .signedIn) { id, _ in .addRule(sensorID: id[0]) }
      case .registerForm: PageRow(.get, "/sensors/new", rules: .signedIn) { _, _ in .registerForm }
      case .register: PageRow(.post, "/sensors", rules: .signedInMayBlock) { _, _ in .register }
      case .delete: PageRow(.post, "/sensors/{id}/delete", rules: .signedInMayBlock) { id, _ in .delete(id: id[0]) }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .list(let building, let kind): PageParts(.list, query: [("building", building), ("kind", kind)])
      case .show(let id, let range): PageParts(.show, [id], query: [("range", range)])
      case .follow(let rule, let sensor): PageParts(.follow, [sensor, rule])
      case .unfollow(let rule, let sensor): PageParts(.unfollow, [sensor, rule])
      case .ruleForm(let sensor, let template): PageParts(.ruleForm, [sensor], query: [("template", template)])
      case .addRule(let sensor): PageParts(.addRule, [sensor])
      case .registerForm: PageParts(.registerForm)
      case .register: PageParts(.register)
      case .delete(let id): PageParts(.delete, [id])
      }
    }

    package static let examples: [Self] = [
      .list(building: nil, kind: nil), .list(building: "b1", kind: "co2"), .show(id: "s1", range: nil),
      .show(id: "s1", range: "7d"), .follow(ruleID: "r1", sensorID: "s1"), .unfollow(ruleID: "r1", sensorID: "s1"),
      .ruleForm(sensorID: "s1", template: nil), .ruleForm(sensorID: "s1", template: "co2-above"),
      .addRule(sensorID: "s1"), .registerForm, .register, .delete(id: "s1"),
    ]
  }
}
