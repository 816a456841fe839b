import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Alert rules and templates through the API: the server clamps a threshold and a cooldown to
/// the template's limits and says so, refuses what cannot be a rule, and shows what fires.
@Suite(.checksBalanceRows) struct SensorRuleAPITests {
  let app: TestApp
  let ana: String
  let ingest: SensorIngest

  init() throws {
    app = try TestApp()
    ana = try app.login("ana").accessToken
    ingest = SensorIngest(environment: app.environment)
    try PermissionMatrixTests.Fixture.makeSensors(
      in: app, room: "room-2", emptyRoom: "room-storage", sensor: "s2", rule: "rule-1")
    try app.database.write { connection in
      try SensorStore(connection).insert(
        SensorStore.Sensor(
          id: "s-noise", name: "Hall noise", roomID: "room-storage", kinds: [.noise], intervalSeconds: 60),
        createdBy: "ana", at: app.clock.now.milliseconds)
    }
  }

  func rule(_ response: HTTPResponse) throws -> AlertRuleBody {
    try JSONText.decode(AlertRuleBody.self, from: response)
  }

  @Test func theDefaultTemplatesAreOffered() throws {
    let eva = try app.login("eva").accessToken
    let templates = try JSONText.decode(
      Page<AlertTemplateBody>.self, from: app.send(.sensorAlerts(.templates), token: eva)
    ).items
    #expect(Set(templates.map(\.id)) == Set(AlertTemplate.defaults.map(\.id)))
    for (id, name, template) in AlertTemplate.defaults {
      let offered = try #require(templates.first { $0.id == id })
      #expect(offered.name == name && offered.kind == template.kind && offered.operator == template.comparison)
      #expect(offered.minThreshold == template.thresholdRange.lowerBound)
      #expect(offered.maxThreshold == template.thresholdRange.upperBound)
      #expect(offered.minCooldownSec == template.minimumCooldownSeconds)
    }
  }

  @Test func aThresholdAndACooldownPastTheTemplatesLimitsAreClampedAndTheAnswerSaysSo() throws {
    app.clock.advance(by: 1)  // after the fixture's rule, so the list's order is known
    let made = app.send(
      .sensorAlerts(.createRule),
      json: #"{"templateId": "co2-above", "sensorId": "s2", "threshold": 99999, "cooldownSec": 10}"#, token: ana)
    #expect(made.status == 201, "\(made.text)")
    let created = try rule(made)
    #expect(created.threshold == 5_000 && created.cooldownSec == 300)
    #expect(created.clamped == ["threshold", "cooldownSec"])
    #expect(created.label == "CO₂ above 5000 ppm", "the label defaults to the template and threshold")
    #expect(created.scope == AlertScopeBody(type: "sensor", id: "s2", name: "Room 2 air"))

    let lowered = try rule(
      app.send(.sensorAlerts(.updateRule(id: created.id)), json: #"{"threshold": 100}"#, token: ana))
    #expect(lowered.threshold == 600 && lowered.clamped == ["threshold"])
    let inRange = try rule(
      app.send(.sensorAlerts(.updateRule(id: created.id)), json: #"{"threshold": 1000, "forSec": 120}"#, token: ana))
    #expect(inRange.threshold == 1_000 && inRange.forSec == 120 && inRange.clamped.isEmpty)

    let listed = try JSONText.decode(
      Page<AlertRuleBody>.self, from: app.send(.sensorAlerts(.rules(sensorId: "s2")), token: ana)
    ).items
    #expect(listed.map(\.id) == ["rule-1", created.id], "the room's rule and the sensor's own")
    #expect(listed.allSatisfy { $0.clamped.isEmpty }, "reads name nothing clamped")
  }

  @Test func whatCannotBeARuleIsRefusedAndChangesNothing() throws {
    func refused(_ json: String) -> [String] {
      let response = app.send(.sensorAlerts(.createRule), json: json, token: ana)
      #expect(response.status == 400, "\(json): \(response.status)")
      return response.problem?.errors?.map(\.field) ?? [response.problem?.detail ?? ""]
    }
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "s2", "roomId": "room-2"}"#) == ["roomId"])
    #expect(refused(#"{"templateId": "co2-above"}"#) == ["sensorId"])
    #expect(refused(#"{"templateId": "nope", "sensorId": "s2"}"#) == ["templateId"])
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "nope"}"#) == ["sensorId"])
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "s2", "forSec": -1}"#) == ["forSec"])
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "s2", "operator": "!="}"#) == ["operator"])
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "s2", "hysteresis": -5}"#) == ["hysteresis"])
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "s2", "label": " "}"#) == ["label"])
    #expect(refused(#"{"templateId": "co2-above", "sensorId": "s-noise"}"#) == ["The sensor does not measure co2."])
    let rules = try JSONText.decode(
      Page<AlertRuleBody>.self, from: app.send(.sensorAlerts(.rules(sensorId: nil)), token: ana))
    #expect(rules.items.map(\.id) == ["rule-1"])
  }

  @Test func aFiringRuleShowsOnTheSensorTheRuleAndTheHistory_andFollowersAreTold() throws {
    let eva = try app.login("eva").accessToken
    #expect(app.send(.sensorAlerts(.follow(id: "rule-1")), token: eva).status == 204)
    let followed = try JSONText.decode(
      Page<AlertRuleBody>.self, from: app.send(.sensorAlerts(.rules(sensorId: nil)), token: eva)
    ).items
    #expect(followed.first?.subscribed == true)

    ingest.receive(topic: "sensors/s2/readings", payload: Array(#"{"kind": "co2", "value": 1250}"#.utf8))
    try ingest.flush()
    let sensor = try JSONText.decode(SensorBody.self, from: app.send(.sensors(.show(id: "s2")), token: eva))
    #expect(sensor.status == .alerting)
    #expect(sensor.alertSince == sensor.lastSeenAt)
    let firing = try JSONText.decode(
      Page<AlertRuleBody>.self, from: app.send(.sensorAlerts(.rules(sensorId: "s2")), token: eva)
    ).items.first?.firing
    #expect(firing?.map(\.sensorId) == ["s2"])
    let board = try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: eva)
    ).items.filter { $0.kind == "sensor.alert" }
    #expect(board.count == 1)

    app.clock.advance(by: 60)
    ingest.receive(topic: "sensors/s2/readings", payload: Array(#"{"kind": "co2", "value": 640}"#.utf8))
    try ingest.flush()
    let history = try JSONText.decode(
      Page<AlertEventBody>.self, from: app.send(.sensors(.alerts(id: "s2")), token: eva)
    ).items
    #expect(history.map(\.change) == ["resolved", "fired"])
    #expect(history.map(\.value) == [640, 1250])
    #expect(history.first?.label == "CO₂ above 1,000")
    #expect(try JSONText.decode(SensorBody.self, from: app.send(.sensors(.show(id: "s2")), token: eva)).status == .ok)

    #expect(app.send(.sensorAlerts(.unfollow(id: "rule-1")), token: eva).status == 204)
    let unfollowed = try JSONText.decode(
      Page<AlertRuleBody>.self, from: app.send(.sensorAlerts(.rules(sensorId: nil)), token: eva)
    ).items
    #expect(unfollowed.first?.subscribed == false)
  }

  @Test func aTemplateInUseAndARoomWithSensorsStay() throws {
    let template = app.send(.sensorAlerts(.deleteTemplate(id: "co2-above")), token: ana)
    #expect(template.status == 409)
    #expect(template.problem?.detail == "1 rule was made from this template; delete them first.")
    let room = app.send(.sensors(.deleteRoom(id: "room-2")), token: ana)
    #expect(room.status == 409)
    #expect(room.problem?.detail == "The room has 1 sensor; delete or move them first.")
    let spanish = app.send(
      .sensors(.deleteRoom(id: "room-2")), token: ana, headers: [("Accept-Language", "es")])
    #expect(spanish.problem?.detail == "La sala tiene 1 sensor; bórralos o muévelos primero.")
  }

  @Test func anAdminsTemplateKeepsItsLimitsInTheKindsPhysicalRange() throws {
    let wrong = app.send(
      .sensorAlerts(.createTemplate),
      json:
        #"{"name": "Hot", "kind": "temperature", "operator": ">", "defaultThreshold": 30, "minThreshold": 20, "maxThreshold": 200, "minCooldownSec": 60, "defaultForSec": 60}"#,
      token: ana)
    #expect(wrong.status == 400)
    #expect(wrong.problem?.errors?.map(\.field) == ["maxThreshold"])
    let made = app.send(
      .sensorAlerts(.createTemplate),
      json:
        #"{"name": "Hot", "kind": "temperature", "operator": ">", "defaultThreshold": 30, "minThreshold": 20, "maxThreshold": 45, "minCooldownSec": 60, "defaultForSec": 60}"#,
      token: ana)
    #expect(made.status == 201)
    let template = try JSONText.decode(AlertTemplateBody.self, from: made)
    let changed = app.send(
      .sensorAlerts(.updateTemplate(id: template.id)), json: #"{"defaultThreshold": 50}"#, token: ana)
    #expect(changed.status == 400, "the default must sit between the limits")
    #expect(app.send(.sensorAlerts(.deleteTemplate(id: template.id)), token: ana).status == 204)
  }
}
