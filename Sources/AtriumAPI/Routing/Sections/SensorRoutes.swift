import AtriumDomain
import AtriumHTTPTypes

extension Route {
  /// Office sensors and the rooms they are in. Everyone signed in reads them; admins and
  /// people with the `facilities` permission register and change them (checked by the
  /// service, since the permission is not a role).
  public enum Sensors: RouteSection {
    /// `GET /api/v1/sensors?buildingId=&roomId=&kind=`: the sensors with their last values.
    case list(SensorFilter)
    /// `POST /api/v1/sensors`: registers a sensor and makes its broker account (the answer
    /// holds its password, shown once); an `Idempotency-Key` retried finds the same sensor.
    case register
    /// `GET /api/v1/sensors/{id}`.
    case show(id: String)
    /// `PATCH /api/v1/sensors/{id}`: rename, move to another room, change its interval.
    case update(id: String)
    /// `DELETE /api/v1/sensors/{id}`: its account goes (a live connection is ended), with its readings.
    case delete(id: String)
    /// `POST /api/v1/sensors/{id}/password`: a new password (the old one stops working).
    case rotatePassword(id: String)
    /// `GET /api/v1/sensors/{id}/series?range=24h|7d`.
    case series(id: String, range: SeriesRange)
    /// `GET /api/v1/sensors/{id}/sparkline.svg?kind=`: the last 24 hours of one kind as SVG.
    case sparkline(id: String, kind: SensorKind?)
    /// `GET /api/v1/sensors/{id}/alerts`: its latest firings and resolutions.
    case alerts(id: String)
    /// `GET /api/v1/rooms`.
    case rooms
    /// `POST /api/v1/rooms`.
    case createRoom
    /// `PATCH /api/v1/rooms/{id}`.
    case updateRoom(id: String)
    /// `DELETE /api/v1/rooms/{id}`: a room without sensors.
    case deleteRoom(id: String)
    /// `PUT /api/v1/rooms/{id}/subscription`: the caller follows every rule firing in the room.
    case followRoom(id: String)
    /// `DELETE /api/v1/rooms/{id}/subscription`.
    case unfollowRoom(id: String)

    public enum Name: String, CaseIterable, Sendable {
      case list = "sensors"
      case register = "registerSensor"
      case show = "sensor"
      case update = "updateSensor"
      case delete = "deleteSensor"
      case rotatePassword = "rotateSensorPassword"
      case series = "sensorSeries"
      case sparkline = "sensorSparkline"
      case alerts = "sensorAlerts"
      case rooms, createRoom, updateRoom, deleteRoom, followRoom, unfollowRoom
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      /// Reads and the quick changes; registering, deleting and a new password wait for the
      /// broker, so they run on the worker pool.
      func row(
        _ method: HTTPMethod, _ path: String, work: EndpointRules.Work = .quick,
        _ make: @escaping @Sendable ([String], [String: String]) throws(RouteError) -> Self
      ) -> Endpoint<Self> {
        Endpoint(
          method, path, access: .signedIn, work: work,
          replay: method == .get || name == .register || name == .rotatePassword ? .neverStored : .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard, make: make)
      }
      return switch name {
      case .list: row(.get, "/api/v1/sensors") { _, query throws(RouteError) in .list(try SensorFilter(query: query)) }
      case .register: row(.post, "/api/v1/sensors", work: .mayBlock) { _, _ in .register }
      case .show: row(.get, "/api/v1/sensors/{id}") { parameters, _ in .show(id: parameters[0]) }
      case .update: row(.patch, "/api/v1/sensors/{id}") { parameters, _ in .update(id: parameters[0]) }
      case .delete:
        row(.delete, "/api/v1/sensors/{id}", work: .mayBlock) { parameters, _ in .delete(id: parameters[0]) }
      case .rotatePassword:
        row(.post, "/api/v1/sensors/{id}/password", work: .mayBlock) { parameters, _ in
          .rotatePassword(id: parameters[0])
        }
      case .series:
        row(.get, "/api/v1/sensors/{id}/series") { parameters, query throws(RouteError) in
          .series(id: parameters[0], range: try Route.choice("range", in: query, default: .day))
        }
      case .sparkline:
        row(.get, "/api/v1/sensors/{id}/sparkline.svg") { parameters, query throws(RouteError) in
          guard let text = query["kind"] else { return .sparkline(id: parameters[0], kind: nil) }
          guard let kind = SensorKind(rawValue: text) else {
            throw .invalidQuery(field: "kind", rule: .unknownValue(allowed: SensorKind.allCases.map(\.rawValue)))
          }
          return .sparkline(id: parameters[0], kind: kind)
        }
      case .alerts: row(.get, "/api/v1/sensors/{id}/alerts") { parameters, _ in .alerts(id: parameters[0]) }
      case .rooms: row(.get, "/api/v1/rooms") { _, _ in .rooms }
      case .createRoom: row(.post, "/api/v1/rooms") { _, _ in .createRoom }
      case .updateRoom: row(.patch, "/api/v1/rooms/{id}") { parameters, _ in .updateRoom(id: parameters[0]) }
      case .deleteRoom: row(.delete, "/api/v1/rooms/{id}") { parameters, _ in .deleteRoom(id: parameters[0]) }
      case .followRoom:
        row(.put, "/api/v1/rooms/{id}/subscription") { parameters, _ in .followRoom(id: parameters[0]) }
      case .unfollowRoom:
        row(.delete, "/api/v1/rooms/{id}/subscription") { parameters, _ in .unfollowRoom(id: parameters[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .list(let filter): RouteParts(.list, query: filter.queryItems)
      case .register: RouteParts(.register)
      case .show(let id): RouteParts(.show, [id])
      case .update(let id): RouteParts(.update, [id])
      case .delete(let id): RouteParts(.delete, [id])
      case .rotatePassword(let id): RouteParts(.rotatePassword, [id])
      case .series(let id, let range):
        RouteParts(.series, [id], query: range == .day ? [] : [("range", range.rawValue)])
      case .sparkline(let id, let kind): RouteParts(.sparkline, [id], query: kind.map { [("kind", $0.rawValue)] } ?? [])
      case .alerts(let id): RouteParts(.alerts, [id])
      case .rooms: RouteParts(.rooms)
      case .createRoom: RouteParts(.createRoom)
      case .updateRoom(let id): RouteParts(.updateRoom, [id])
      case .deleteRoom(let id): RouteParts(.deleteRoom, [id])
      case .followRoom(let id): RouteParts(.followRoom, [id])
      case .unfollowRoom(let id): RouteParts(.unfollowRoom, [id])
      }
    }

    public static let examples: [Self] = [
      .list(SensorFilter()), .list(SensorFilter(buildingId: "b 1", roomId: Route.exampleID, kind: .co2)), .register,
      .show(id: Route.exampleID), .update(id: Route.exampleID), .delete(id: Route.exampleID),
      .rotatePassword(id: Route.exampleID), .series(id: Route.exampleID, range: .day),
      .series(id: Route.exampleID, range: .week), .sparkline(id: Route.exampleID, kind: nil),
      .sparkline(id: Route.exampleID, kind: .noise), .alerts(id: Route.exampleID), .rooms, .createRoom,
      .updateRoom(id: Route.exampleID), .deleteRoom(id: Route.exampleID), .followRoom(id: Route.exampleID),
      .unfollowRoom(id: Route.exampleID),
    ]
  }
}

/// Which sensors a list shows: those of a building, of a room, measuring a kind.
public struct SensorFilter: Hashable, Sendable {
  public var buildingId: String?
  public var roomId: String?
  public var kind: SensorKind?

  public init(buildingId: String? = nil, roomId: String? = nil, kind: SensorKind? = nil) {
    self.buildingId = buildingId
    self.roomId = roomId
    self.kind = kind
  }

  init(query: [String: String]) throws(RouteError) {
    func nonEmpty(_ name: String) -> String? { query[name].flatMap { $0.isEmpty ? nil : $0 } }
    buildingId = nonEmpty("buildingId")
    roomId = nonEmpty("roomId")
    if let text = nonEmpty("kind") {
      guard let kind = SensorKind(rawValue: text) else {
        throw .invalidQuery(field: "kind", rule: .unknownValue(allowed: SensorKind.allCases.map(\.rawValue)))
      }
      self.kind = kind
    }
  }

  var queryItems: [(name: String, value: String)] {
    [("buildingId", buildingId), ("roomId", roomId), ("kind", kind?.rawValue)].compactMap { name, value in
      value.map { (name, $0) }
    }
  }
}
