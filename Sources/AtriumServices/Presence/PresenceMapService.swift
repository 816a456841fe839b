import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumStore
import Foundation

/// `GET /api/v1/presence/map?campus=`: a campus drawn by the server as SVG — its buildings as
/// true-radius circles (`CampusMap`), labelled, the caller and the mates they may see at
/// their building's centre, a scale bar and north. Nothing is fetched from elsewhere, so the
/// page that shows it needs no tiles and no script.
package struct PresenceMapService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// The campus's map and name, or 404 for a campus that does not exist.
  package func map(campusID: String, principal: Principal) throws -> (map: CampusMap, campusName: String) {
    let now = environment.now().milliseconds
    let visible = try PresenceMatesService(environment: environment).checkIns(principal: principal)
    return try environment.database.read { connection in
      let places = try PresenceService.Places(connection)
      guard let campus = places.campuses[campusID] else {
        throw Problem.notFound(.noSuch(.campus, id: campusID))
      }
      let buildings = places.rules.filter { $0.campusID == campusID }
      var people = visible.filter { $0.checkIn.open && $0.checkIn.campus.id == campusID }.map {
        CampusMap.Person(id: $0.person.id, displayName: $0.person.displayName, buildingID: $0.checkIn.building.id)
      }
      if let mine = try PresenceStore(connection).openCheckIn(employeeID: principal.employee.id, at: now),
        places.buildings[mine.buildingID]?.campusID == campusID
      {
        people.append(
          CampusMap.Person(
            id: principal.employee.id, displayName: principal.employee.displayName, buildingID: mine.buildingID,
            initials: principal.employee.initials))
      }
      let names = places.buildings.mapValues(\.name)
      return (CampusMap(centre: campus.centre, buildings: buildings, names: names, people: people), campus.name)
    }
  }

  /// The map as an SVG document.
  package static func svg(_ map: CampusMap, campusName: String) -> String {
    let size = format(map.size)
    func attributes(_ pairs: [(String, String)]) -> [Attribute] { pairs.map { Attribute($0.0, $0.1) } }
    func element(_ name: String, _ pairs: [(String, String)], _ children: [Node] = []) -> Node {
      .element(name, attributes(pairs), children)
    }
    let circles = map.buildings.flatMap { building -> [Node] in
      [
        element(
          "circle",
          [
            ("class", "building"), ("data-building", building.id), ("cx", format(building.x)),
            ("cy", format(building.y)), ("r", format(building.radius)), ("fill", "#cfe3f5"),
            ("fill-opacity", "0.6"), ("stroke", "#1e6091"), ("stroke-width", "2"),
          ]),
        element(
          "text",
          [
            ("class", "label"), ("x", format(building.x)), ("y", format(building.y - building.radius - 8)),
            ("text-anchor", "middle"), ("font-size", "22"), ("fill", "#0b2e4f"),
          ], [.text(building.name)]),
      ]
    }
    let markers = map.markers.flatMap { marker -> [Node] in
      [
        element(
          "circle",
          [
            ("class", "person"), ("data-person", marker.personID), ("cx", format(marker.x)),
            ("cy", format(marker.y)), ("r", "18"), ("fill", "#7b2cbf"), ("stroke", "#ffffff"), ("stroke-width", "2"),
          ]),
        element(
          "text",
          [
            ("x", format(marker.x)), ("y", format(marker.y)), ("dy", "0.35em"), ("text-anchor", "middle"),
            ("font-size", "16"), ("fill", "#ffffff"),
          ], [.text(marker.initials)]),
      ]
    }
    let overflow = map.overflow.sorted { $0.key < $1.key }.compactMap { buildingID, count -> Node? in
      guard let building = map.buildings.first(where: { $0.id == buildingID }) else { return nil }
      return element(
        "text",
        [
          ("class", "more"), ("x", format(building.x)), ("y", format(building.y + 30)), ("text-anchor", "middle"),
          ("font-size", "12"), ("fill", "#0b2e4f"),
        ], [.text("+\(count)")])
    }
    let barLength = map.scaleMetres * map.unitsPerMetre
    let barY = map.size - 24
    let scale = element(
      "g", [("class", "scale")],
      [
        element(
          "line",
          [
            ("x1", "20"), ("y1", format(barY)), ("x2", format(20 + barLength)), ("y2", format(barY)),
            ("stroke", "#222222"), ("stroke-width", "4"), ("data-metres", format(map.scaleMetres)),
          ]),
        element(
          "text", [("x", "20"), ("y", format(barY - 10)), ("font-size", "22"), ("fill", "#222222")],
          [.text(scaleLabel(map.scaleMetres))]),
      ])
    let north = element(
      "g", [("class", "north")],
      [
        element(
          "path", [("d", "M \(format(map.size - 40)) 20 l 12 34 l -12 -8 l -12 8 z"), ("fill", "#222222")]),
        element(
          "text",
          [
            ("x", format(map.size - 40)), ("y", "78"), ("text-anchor", "middle"), ("font-size", "22"),
            ("fill", "#222222"),
          ], [.text("N")]),
      ])
    let svg = element(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(size) \(size)"), ("width", size),
        ("height", size), ("role", "img"), ("aria-label", campusName), ("data-units-per-metre", "\(map.unitsPerMetre)"),
        ("font-family", "sans-serif"),
      ],
      [
        element("title", [], [.text(campusName)]),
        element("rect", [("width", size), ("height", size), ("fill", "#f7f9fb")]),
      ]
        + circles + markers + overflow + [scale, north])
    return svg.render()
  }

  /// "200 m", "1 km".
  static func scaleLabel(_ metres: Double) -> String {
    metres >= 1000 ? "\(format(metres / 1000)) km" : "\(format(metres)) m"
  }

  /// A number as SVG reads it: at most two decimals, no exponent.
  static func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
  }
}
