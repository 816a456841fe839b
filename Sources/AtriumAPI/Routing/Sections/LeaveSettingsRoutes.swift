extension Route {
  /// Time-off settings: allowances, holidays, leave types and the policy (admins change them).
  public enum LeaveSettings: RouteSection {
    /// `PUT /api/v1/people/{id}/allowance/{year}`: an admin sets a person's allowance for a year.
    case setAllowance(id: String, year: Int)
    /// `GET /api/v1/holidays?location=&year=`.
    case holidays(locationID: String?, year: Int?)
    /// `POST /api/v1/holidays`: an admin adds a holiday to a location.
    case createHoliday
    /// `DELETE /api/v1/holidays/{id}`.
    case deleteHoliday(id: String)
    /// `GET /api/v1/leave-types`.
    case leaveTypes
    /// `POST /api/v1/leave-types`.
    case createLeaveType
    /// `PATCH /api/v1/leave-types/{id}`.
    case updateLeaveType(id: String)
    /// `GET /api/v1/company/leave-policy?year=`: the policy in effect that year (this year by default).
    case policy(year: Int?)
    /// `GET /api/v1/company/leave-policy/history`: every change, by the year it took effect.
    case policyHistory
    /// `PATCH /api/v1/company/leave-policy`.
    case updatePolicy

    public enum Name: String, CaseIterable, Sendable {
      case setAllowance, holidays, createHoliday, deleteHoliday, leaveTypes, createLeaveType, updateLeaveType
      case policy = "leavePolicy"
      case policyHistory = "leavePolicyHistory"
      case updatePolicy = "updateLeavePolicy"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .setAllowance:
        Endpoint(
          .put, "/api/v1/people/{id}/allowance/{year}", access: .admin(to: "set allowances"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ throws(RouteError) in
          guard let year = Int(parameters[1]), Route.validYears.contains(year) else {
            throw .invalidQuery(
              field: "year", rule: .yearBetween(Route.validYears.lowerBound, Route.validYears.upperBound))
          }
          return .setAllowance(id: parameters[0], year: year)
        }
      case .holidays:
        Endpoint(
          .get, "/api/v1/holidays", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          let location = query["location"]
          if let location, location.isEmpty { throw .invalidQuery(field: "location", rule: .notEmpty) }
          return .holidays(locationID: location, year: try Route.year(in: query))
        }
      case .createHoliday:
        Endpoint(
          .post, "/api/v1/holidays", access: .admin(to: "manage holidays"), work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .createHoliday }
      case .deleteHoliday:
        Endpoint(
          .delete, "/api/v1/holidays/{id}", access: .admin(to: "manage holidays"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deleteHoliday(id: parameters[0]) }
      case .leaveTypes:
        Endpoint(
          .get, "/api/v1/leave-types", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .leaveTypes }
      case .createLeaveType:
        Endpoint(
          .post, "/api/v1/leave-types", access: .admin(to: "manage leave types"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .createLeaveType }
      case .updateLeaveType:
        Endpoint(
          .patch, "/api/v1/leave-types/{id}", access: .admin(to: "manage leave types"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .updateLeaveType(id: parameters[0]) }
      case .policy:
        Endpoint(
          .get, "/api/v1/company/leave-policy", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .policy(year: try Route.year(in: query)) }
      case .policyHistory:
        Endpoint(
          .get, "/api/v1/company/leave-policy/history", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .policyHistory }
      case .updatePolicy:
        Endpoint(
          .patch, "/api/v1/company/leave-policy", access: .admin(to: "change the leave policy"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .updatePolicy }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .setAllowance(let id, let year): RouteParts(.setAllowance, [id, String(year)])
      case .holidays(let locationID, let year):
        RouteParts(.holidays, query: Route.queryItems(("location", locationID), ("year", year.map(String.init))))
      case .createHoliday: RouteParts(.createHoliday)
      case .deleteHoliday(let id): RouteParts(.deleteHoliday, [id])
      case .leaveTypes: RouteParts(.leaveTypes)
      case .createLeaveType: RouteParts(.createLeaveType)
      case .updateLeaveType(let id): RouteParts(.updateLeaveType, [id])
      case .policy(let year): RouteParts(.policy, query: Route.queryItems(("year", year.map(String.init))))
      case .policyHistory: RouteParts(.policyHistory)
      case .updatePolicy: RouteParts(.updatePolicy)
      }
    }

    public static let examples: [Self] = [
      .setAllowance(id: Route.exampleID, year: 2026), .holidays(locationID: nil, year: nil),
      .holidays(locationID: Route.exampleID, year: 2026), .createHoliday, .deleteHoliday(id: Route.exampleID),
      .leaveTypes, .createLeaveType, .updateLeaveType(id: Route.exampleID), .policy(year: nil), .policy(year: 2027),
      .policyHistory, .updatePolicy,
    ]
  }
}
