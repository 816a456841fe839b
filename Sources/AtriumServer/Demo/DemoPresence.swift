import AtriumDomain
import AtriumSQL
import AtriumStore

/// The demo company's campuses: Madrid with two buildings about 300 m apart on the Castellana,
/// Valladolid with one, at real-looking coordinates.
enum DemoPresence {
  static func seed(
    connection: any DatabaseConnection, locations: [String: String], makeID: () -> String, at instant: Int64
  ) throws {
    let store = PresencePlacesStore(connection)
    let campuses: [(name: String, location: String, centre: (Double, Double), buildings: [DemoBuilding])] = [
      (
        "Madrid", "Madrid", (40.4545, -3.6887),
        [
          DemoBuilding(
            name: "Madrid — Castellana", centre: (40.4531, -3.6883), radius: 80,
            address: "Paseo de la Castellana 141, 28046 Madrid", floors: ["0", "1", "2", "3"]),
          DemoBuilding(
            name: "Madrid — Cuzco", centre: (40.4558, -3.6892), radius: 60,
            address: "Paseo de la Castellana 165, 28046 Madrid", floors: ["0", "1"]),
        ]
      ),
      (
        "Valladolid", "Valladolid", (41.6520, -4.7286),
        [
          DemoBuilding(
            name: "Valladolid — Campo Grande", centre: (41.6520, -4.7286), radius: 100,
            address: "Calle de Santiago 21, 47001 Valladolid", floors: ["0", "1", "2"])
        ]
      ),
    ]
    for campus in campuses {
      guard let locationID = locations[campus.location],
        let centre = GeoPoint(latitude: campus.centre.0, longitude: campus.centre.1)
      else { continue }
      let campusID = makeID()
      try store.insert(
        PresencePlacesStore.Campus(
          id: campusID, name: campus.name, timeZone: "Europe/Madrid", centre: centre, locationID: locationID,
          createdAt: instant))
      for building in campus.buildings {
        guard let point = GeoPoint(latitude: building.centre.0, longitude: building.centre.1) else { continue }
        try store.insert(
          PresencePlacesStore.Building(
            id: makeID(), campusID: campusID, name: building.name, centre: point, radius: building.radius,
            address: building.address, floors: building.floors, createdAt: instant))
      }
    }
  }

  struct DemoBuilding {
    let name: String
    let centre: (Double, Double)
    let radius: Double
    let address: String
    let floors: [String]
  }
}
