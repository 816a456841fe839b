import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices

extension AtriumApp {
  /// Sensors and rooms: through the broker's accounts when one is set up.
  func handle(_ route: Route.Sensors, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    let sensors = SensorService(
      environment: environment, accounts: sensorBroker?.accounts, ingest: sensorBroker?.ingest)
    let rooms = SensorRoomService(environment: environment)
    switch route {
    case .list(let filter):
      return try JSONCoding.response(try sensors.list(filter, principal: principal))
    case .register:
      let body = try JSONCoding.decode(NewSensor.self, from: request)
      return try JSONCoding.response(
        try sensors.register(body, key: request.headers["Idempotency-Key"], by: principal), status: 201)
    case .show(let id):
      return try JSONCoding.response(try sensors.sensor(id: id, principal: principal))
    case .update(let id):
      let change = try JSONCoding.decode(SensorChange.self, from: request)
      return try JSONCoding.response(try sensors.update(id: id, change, by: principal))
    case .delete(let id):
      try sensors.delete(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .rotatePassword(let id):
      return try JSONCoding.response(try sensors.rotatePassword(id: id, by: principal))
    case .series(let id, let range):
      return try JSONCoding.response(try sensors.series(id: id, range: range))
    case .sparkline(let id, let kind):
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([("Content-Type", "image/svg+xml; charset=utf-8"), ("Cache-Control", "private, no-cache")]
        ),
        body: Array(try sensors.sparkline(id: id, kind: kind).utf8))
    case .alerts(let id):
      return try JSONCoding.response(try sensors.alertHistory(id: id))
    case .rooms:
      return try JSONCoding.response(try rooms.rooms(principal: principal))
    case .createRoom:
      let body = try JSONCoding.decode(RoomChange.self, from: request)
      return try JSONCoding.response(try rooms.create(body, by: principal), status: 201)
    case .updateRoom(let id):
      let body = try JSONCoding.decode(RoomChange.self, from: request)
      return try JSONCoding.response(try rooms.update(id: id, body, by: principal))
    case .deleteRoom(let id):
      try rooms.delete(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .followRoom(let id):
      try rooms.follow(id: id, true, principal: principal)
      return HTTPResponse(status: 204)
    case .unfollowRoom(let id):
      try rooms.follow(id: id, false, principal: principal)
      return HTTPResponse(status: 204)
    }
  }

  /// Alert templates (admins, checked before) and rules.
  func handle(_ route: Route.SensorAlerts, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    let templates = AlertTemplateService(environment: environment)
    let rules = AlertRuleService(environment: environment)
    switch route {
    case .templates:
      return try JSONCoding.response(try templates.templates())
    case .createTemplate:
      let body = try JSONCoding.decode(AlertTemplateChange.self, from: request)
      return try JSONCoding.response(try templates.create(body, by: principal), status: 201)
    case .updateTemplate(let id):
      let body = try JSONCoding.decode(AlertTemplateChange.self, from: request)
      return try JSONCoding.response(try templates.update(id: id, body, by: principal))
    case .deleteTemplate(let id):
      try templates.delete(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .rules(let sensorID):
      return try JSONCoding.response(try rules.rules(sensorID: sensorID, principal: principal))
    case .createRule:
      let body = try JSONCoding.decode(NewAlertRule.self, from: request)
      return try JSONCoding.response(try rules.create(body, by: principal), status: 201)
    case .updateRule(let id):
      let body = try JSONCoding.decode(AlertRuleChange.self, from: request)
      return try JSONCoding.response(try rules.update(id: id, body, by: principal))
    case .deleteRule(let id):
      try rules.delete(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .follow(let id):
      try rules.follow(id: id, true, principal: principal)
      return HTTPResponse(status: 204)
    case .unfollow(let id):
      try rules.follow(id: id, false, principal: principal)
      return HTTPResponse(status: 204)
    }
  }
}
