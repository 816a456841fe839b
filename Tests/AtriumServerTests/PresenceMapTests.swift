import AtriumAPI
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Issue 19: `GET /presence/map` draws a campus as SVG. The test parses it as XML and checks
/// every circle against the projection: radii and the distance between centres are the true
/// metres times the map's scale; a mate is drawn at their building's centre, and only for a
/// viewer who may see them.
@Suite(.checksBalanceRows) struct PresenceMapTests {
  let app: TestApp
  let eva: String
  let mario: String
  let lucia: String
  let madrid: CampusBody

  init() throws {
    app = try TestApp()
    eva = try app.login("eva").accessToken
    mario = try app.login("mario").accessToken
    lucia = try app.login("lucia").accessToken
    let campuses = try JSONText.decode(Page<CampusBody>.self, from: app.send(.presence(.campuses), token: eva)).items
    madrid = try #require(campuses.first { $0.buildings.count == 2 })
  }

  /// Every element of the SVG with its attributes, in document order.
  final class Elements: NSObject, XMLParserDelegate {
    var all: [(name: String, attributes: [String: String])] = []
    /// Each element's text, whole (the parser may hand it over in pieces).
    var texts: [String] = []
    private var text = ""

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      all.append((name, attributes))
      text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if !text.isEmpty { texts.append(text) }
      text = ""
    }
  }

  func parse(_ text: String) throws -> Elements {
    let elements = Elements()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = elements
    try #require(
      parser.parse(), "the map is well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "")")
    return elements
  }

  func map(_ token: String, campus: String? = nil) throws -> Elements {
    let answer = app.send(.presence(.map(campusID: campus ?? madrid.id)), token: token)
    try #require(answer.status == 200, "\(answer.text)")
    #expect(answer.headers["Content-Type"] == "image/svg+xml; charset=utf-8")
    return try parse(answer.text)
  }

  @Test func buildingsAreTrueRadiusCirclesOnTheProjection() throws {
    let svg = try map(eva)
    let root = try #require(svg.all.first)
    #expect(root.name == "svg")
    let scale = try #require(Double(root.attributes["data-units-per-metre"] ?? ""))
    let circles = svg.all.filter { $0.attributes["class"] == "building" }
    #expect(circles.count == 2)
    var centres: [String: (x: Double, y: Double)] = [:]
    for building in madrid.buildings {
      let circle = try #require(circles.first { $0.attributes["data-building"] == building.id })
      let radius = try #require(Double(circle.attributes["r"] ?? ""))
      #expect(abs(radius - building.radiusM * scale) < 0.01, "\(building.name): r = radius × scale")
      centres[building.id] = (
        Double(circle.attributes["cx"] ?? "") ?? .nan, Double(circle.attributes["cy"] ?? "") ?? .nan
      )
      // The projection: east is +x and north is −y from the campus centre in the middle.
      let centre = try #require(GeoPoint(latitude: madrid.latitude, longitude: madrid.longitude))
      let point = try #require(GeoPoint(latitude: building.latitude, longitude: building.longitude))
      let offset = CampusMap.offset(of: point, from: centre)
      #expect(abs(centres[building.id]!.x - (400 + offset.east * scale)) < 0.01)
      #expect(abs(centres[building.id]!.y - (400 - offset.north * scale)) < 0.01)
    }
    let (a, b) = (madrid.buildings[0], madrid.buildings[1])
    let metres = try #require(GeoPoint(latitude: a.latitude, longitude: a.longitude)).distance(
      to: try #require(GeoPoint(latitude: b.latitude, longitude: b.longitude)))
    let drawn = hypot(centres[a.id]!.x - centres[b.id]!.x, centres[a.id]!.y - centres[b.id]!.y)
    #expect(abs(drawn / scale - metres) / metres < 0.001, "drawn \(drawn / scale) m apart, truly \(metres) m")
    // Labelled, with a scale bar whose length is its metres, and north.
    #expect(svg.texts.contains("Madrid — Castellana") && svg.texts.contains("Madrid — Cuzco"))
    let bar = try #require(svg.all.first { $0.name == "line" })
    let barMetres = try #require(Double(bar.attributes["data-metres"] ?? ""))
    let barLength = (Double(bar.attributes["x2"] ?? "") ?? 0) - (Double(bar.attributes["x1"] ?? "") ?? 0)
    #expect(abs(barLength - barMetres * scale) < 0.02)
    #expect(svg.texts.contains("\(Int(barMetres)) m"))
    #expect(svg.texts.contains("N"))
    // Nothing fetched from elsewhere.
    #expect(!svg.all.contains { $0.name == "image" || $0.name == "script" })
  }

  @Test func aMateIsDrawnAtTheBuildingCentreOnlyForWhoMaySeeThem() throws {
    let castellana = try #require(madrid.buildings.first { $0.name == "Madrid — Castellana" })
    let ids = try ["eva", "mario"].map { try app.login($0).user.id }
    #expect(app.send(.presence(.updateSettings), json: #"{"sharing": "mates"}"#, token: eva).status == 200)
    #expect(app.send(.presence(.addMate), json: #"{"personId": "\#(ids[1])"}"#, token: eva).status == 201)
    #expect(app.send(.presence(.addMate), json: #"{"personId": "\#(ids[0])"}"#, token: mario).status == 201)
    #expect(app.send(.presence(.addMate), json: #"{"personId": "\#(ids[0])"}"#, token: lucia).status == 201)
    // eva stands 40 m north of the centre: the map never shows where she stands.
    let latitude = castellana.latitude + 40 / GeoPoint.meanEarthRadius * 180 / .pi
    let made = app.send(
      .presence(.checkIn),
      json:
        #"{"buildingId": "\#(castellana.id)", "position": {"latitude": \#(latitude), "longitude": \#(castellana.longitude), "accuracyM": 10, "fixAgeS": 1}}"#,
      token: eva)
    try #require(made.status == 201, "\(made.text)")

    let seen = try map(mario)
    let marker = try #require(seen.all.first { $0.attributes["class"] == "person" })
    let building = try #require(seen.all.first { $0.attributes["data-building"] == castellana.id })
    #expect(marker.attributes["data-person"] == ids[0])
    #expect(
      marker.attributes["cx"] == building.attributes["cx"] && marker.attributes["cy"] == building.attributes["cy"])
    #expect(seen.texts.contains("EF"))
    let hidden = try map(lucia)
    #expect(!hidden.all.contains { $0.attributes["class"] == "person" }, "lucia may not see eva")
    #expect(!hidden.texts.contains("EF"))
  }

  @Test func anUnknownOrMissingCampusIsRefused() throws {
    #expect(app.send(.presence(.map(campusID: "nope")), token: eva).status == 404)
    let missing = app.send("GET", "/api/v1/presence/map", token: eva)
    #expect(missing.status == 400)
    #expect(missing.text.contains("campus"))
  }

  @Test func theLayoutRulesHoldForAnyCampus() {
    let centre = GeoPoint(latitude: 40.45, longitude: -3.69)!
    let far = GeoPoint(latitude: 40.46, longitude: -3.69)!
    let building = PresenceBuilding(id: "b", campusID: "c", centre: far, radius: 2_000)
    let map = CampusMap(centre: centre, buildings: [building], names: ["b": "Far"], people: [])
    let drawn = map.buildings[0]
    // The whole circle fits on the map.
    #expect(drawn.y - drawn.radius >= 0 && drawn.y + drawn.radius <= map.size)
    #expect([1.0, 2, 5].contains(map.scaleMetres / pow(10, floor(log10(map.scaleMetres)))))
    let crowd = (1...8).map { CampusMap.Person(id: "p\($0)", displayName: "Person \($0)", buildingID: "b") }
    let crowded = CampusMap(centre: centre, buildings: [building], names: [:], people: crowd)
    #expect(crowded.markers.count == CampusMap.markersPerBuilding)
    #expect(crowded.overflow["b"] == 3)
    #expect(Set(crowded.markers.map(\.y)) == [crowded.buildings[0].y])
  }
}
