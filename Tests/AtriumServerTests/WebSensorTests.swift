import AtriumAPI
import AtriumDomain
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// The Sensors section on the web, without script: tiles with their sparklines and filters,
/// a sensor's page, the rule editor whose out-of-range values the server clamps and says so,
/// following a rule, the home card, and registration with the credentials shown once.
@Suite(.checksBalanceRows) struct WebSensorTests {
  let app: TestApp
  let ingest: SensorIngest

  init() throws {
    app = try TestApp()
    ingest = SensorIngest(environment: app.environment)
    try PermissionMatrixTests.Fixture.makeSensors(
      in: app, room: "room-2", emptyRoom: "room-storage", sensor: "s2", rule: "rule-1")
    ingest.receive(topic: "sensors/s2/readings", payload: Array(#"{"kind": "co2", "value": 812}"#.utf8))
    try ingest.flush()
  }

  @Test func evaSeesTheTilesFiltersThemAndOpensASensor() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.get("/").text.contains(#"href="/sensors""#), "Sensors is in the menu")
    let page = eva.get("/sensors")
    #expect(page.status == 200)
    #expect(page.text.contains(#"<li class="tile status-ok" data-sensor="s2">"#))
    #expect(page.text.contains("812 ppm") && page.text.contains("OK · just now"))
    #expect(page.text.contains("<svg") && page.text.contains(#"aria-label="Room 2 air: co2, 24 h""#))
    #expect(!page.text.contains("Register a sensor"), "eva may not register")
    #expect(!eva.get("/sensors?kind=noise").text.contains(#"data-sensor="s2""#))
    let shown = eva.get("/sensors/s2?range=7d")
    #expect(shown.status == 200)
    #expect(shown.text.contains("CO₂ above 1,000") && shown.text.contains(#"aria-current="page">Last 7 days"#))
    #expect(eva.get("/sensors/new").status == 403)
    #expect(eva.get("/sensors/s2/rules/new").status == 403)
  }

  @Test func aRuleMadeOnTheWebIsClampedAndSaysSo_andEvaFollowsIt() throws {
    let silvia = WebClient(app)
    silvia.signIn("silvia.delgado")
    let ana = try app.login("ana").accessToken
    let silviaID = try app.login("silvia.delgado").user.id
    #expect(
      app.send(.people(.update(id: silviaID)), json: #"{"permissions": ["facilities"]}"#, token: ana).status == 200)
    let form = silvia.get("/sensors/s2/rules/new")
    #expect(form.status == 200)
    #expect(form.text.contains("600 to 5000 ppm") && form.text.contains("at least 300 s"))
    let saved = silvia.submit(
      "/sensors/s2/rules", from: "/sensors/s2/rules/new",
      [
        "template": "co2-above", "threshold": "99999", "cooldownSec": "10", "forSec": "0", "hysteresis": "0",
        "label": "",
      ])
    #expect(saved.text.contains("The server kept threshold, cooldownSec to the template's limits."), "\(saved.text)")
    #expect(saved.text.contains("CO₂ above 5000 ppm"))
    let refused = silvia.submit(
      "/sensors/s2/rules", from: "/sensors/s2/rules/new", ["template": "co2-above", "threshold": "lots"])
    #expect(refused.text.contains("threshold: must be a number"))

    let eva = WebClient(app)
    eva.signIn("eva")
    let followed = eva.submit("/sensors/s2/rules/rule-1/follow", from: "/sensors/s2")
    #expect(followed.text.contains("You will be told when it fires."))
    #expect(followed.text.contains(#"action="/sensors/s2/rules/rule-1/unfollow""#))
    #expect(eva.get("/").text.contains("Alerts you follow") && eva.get("/").text.contains("None is firing now."))
    ingest.receive(topic: "sensors/s2/readings", payload: Array(#"{"kind": "co2", "value": 1300}"#.utf8))
    try ingest.flush()
    let home = eva.get("/").text
    #expect(home.contains("1 alert firing") && home.contains("CO₂ above 1,000 · Meeting room 2"))
    #expect(eva.get("/sensors").text.contains(#"class="tile status-alerting""#))
  }

  @Test func registeringWithoutABrokerSaysItIsNotSetUp() throws {
    let ana = WebClient(app)
    ana.signIn("ana")
    let page = ana.get("/sensors")
    #expect(!page.text.contains("Register a sensor"), "no broker: nothing to register with")
    let refused = ana.submit(
      "/sensors", from: "/sensors/new", ["name": "Hall", "room": "Hall", "kind-noise": "on", "interval": "60"])
    #expect(refused.text.contains("Sensors are not set up on this server"))
  }
}

/// Registration on the web through a real broker: the credentials are the answer itself,
/// shown once in a block to copy, and work at the broker.
@Suite(.serialized, .checksBalanceRows) struct WebSensorRegistrationTests {
  @Test func anaRegistersASensorAndSeesItsCredentialsOnce() throws {
    let broker = try MosquittoBroker()
    defer { broker.stop() }
    let settings = try broker.atriumSettings(clientID: "atrium-web-test")
    let app = try TestApp { $0.sensors = settings }
    app.app.sensorBroker?.start()
    defer { app.app.sensorBroker?.stop() }
    #expect(app.app.sensorBroker?.waitUntilConnected() == true)
    let ana = WebClient(app)
    ana.signIn("ana")
    #expect(ana.get("/sensors").text.contains("Register a sensor"))
    let answer = ana.post(
      "/sensors", from: "/sensors/new",
      ["name": "Hall noise", "room": "Hall", "floor": "0", "kind-noise": "on", "interval": "30"])
    #expect(answer.status == 201)
    #expect(answer.text.contains("Copy these now: the password is shown this once only."))
    #expect(answer.text.contains(#"data-copy="sensor-credentials""#))
    let password = try #require(answer.text.firstMatch(of: /password: ([A-Za-z0-9_-]+)/).map { String($0.1) })
    let username = try #require(answer.text.firstMatch(of: /username: ([a-f0-9-]+)/).map { String($0.1) })
    #expect(answer.headers["Location"] == nil && !(answer.headers["Set-Cookie"] ?? "").contains(password))
    let sensors = try app.database.read { try SensorStore($0).sensors() }
    #expect(sensors.map(\.id) == [username] && sensors.first?.intervalSeconds == 30)
    #expect(!ana.get("/sensors/\(username)").text.contains(password), "shown once")
  }
}
