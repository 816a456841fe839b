extension Route {
  /// The company's name and contact data, and the audit log of admin changes.
  public enum Company: RouteSection {
    /// `GET /api/v1/company`: the company's name and contact data.
    case show
    /// `PATCH /api/v1/company`: an admin changes them.
    case update
    /// `GET /api/v1/audit`: every admin change, newest first (admins).
    case audit(PageRequest)
    /// `GET /api/v1/company/sign-up`: who may sign up themselves (admins).
    case signUpSettings
    /// `PUT /api/v1/company/sign-up`: an admin opens sign-up to mail domains, or closes it.
    case updateSignUpSettings

    public enum Name: String, CaseIterable, Sendable {
      case show = "company"
      case update = "updateCompany"
      case audit
      case signUpSettings
      case updateSignUpSettings
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .show:
        Endpoint(
          .get, "/api/v1/company", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .show }
      case .update:
        Endpoint(
          .patch, "/api/v1/company", access: .admin(to: "change the company's data"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .update }
      case .audit:
        Endpoint(
          .get, "/api/v1/audit", access: .admin(to: "read the audit log"), work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .audit(try PageRequest(query: query)) }
      case .signUpSettings:
        Endpoint(
          .get, "/api/v1/company/sign-up", access: .admin(to: "see who may sign up"), work: .quick,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .signUpSettings }
      case .updateSignUpSettings:
        Endpoint(
          .put, "/api/v1/company/sign-up", access: .admin(to: "choose who may sign up"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .updateSignUpSettings }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .show: RouteParts(.show)
      case .update: RouteParts(.update)
      case .audit(let page): RouteParts(.audit, query: page.queryItems)
      case .signUpSettings: RouteParts(.signUpSettings)
      case .updateSignUpSettings: RouteParts(.updateSignUpSettings)
      }
    }

    public static let examples: [Self] = [
      .show, .update, .audit(.first), .audit(PageRequest(limit: 50, cursor: "c")), .signUpSettings,
      .updateSignUpSettings,
    ]
  }
}
