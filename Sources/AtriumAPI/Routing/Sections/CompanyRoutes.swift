extension Route {
  /// The company's name and contact data, and the audit log of admin changes.
  public enum Company: RouteSection {
    /// `GET /api/v1/company`: the company's name and contact data.
    case show
    /// `PATCH /api/v1/company`: an admin changes them.
    case update
    /// `GET /api/v1/audit`: every admin change, newest first (admins).
    case audit(PageRequest)

    public enum Name: String, CaseIterable, Sendable {
      case show = "company"
      case update = "updateCompany"
      case audit
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
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .show: RouteParts(.show)
      case .update: RouteParts(.update)
      case .audit(let page): RouteParts(.audit, query: page.queryItems)
      }
    }

    public static let examples: [Self] = [.show, .update, .audit(.first), .audit(PageRequest(limit: 50, cursor: "c"))]
  }
}
