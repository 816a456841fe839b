import Foundation

/// A campus laid out for drawing: its buildings as true-radius circles on a flat projection
/// around the campus centre, the people shown at their building's centre (never where they
/// stand), a scale bar and north. The server draws it as SVG and the SDK hands it to any UI,
/// so both place everything the same way.
///
/// The projection is equirectangular about the centre (x east, y south, in metres, then one
/// scale for both axes): across a campus of a few kilometres it differs from the true
/// distances by far less than a building's radius.
public struct CampusMap: Sendable, Hashable {
  public struct Building: Sendable, Hashable {
    public let id: String
    public let name: String
    /// The centre, in map units from the top left.
    public let x: Double
    public let y: Double
    /// The radius in map units (metres × `unitsPerMetre`).
    public let radius: Double
  }

  /// A person shown at a building.
  public struct Marker: Sendable, Hashable {
    public let personID: String
    public let initials: String
    public let buildingID: String
    public let x: Double
    public let y: Double
  }

  /// What the map draws for a person: who, and at which building.
  public struct Person: Sendable, Hashable {
    public let id: String
    public let displayName: String
    public let buildingID: String
    /// Up to two letters; from the display name when not given (`Employee.initials` when it is).
    public let initials: String

    public init(id: String, displayName: String, buildingID: String, initials: String? = nil) {
      self.id = id
      self.displayName = displayName
      self.buildingID = buildingID
      self.initials = initials ?? CampusMap.initials(displayName)
    }
  }

  /// The map's width and height in map units.
  public let size: Double
  /// How many map units one metre takes.
  public let unitsPerMetre: Double
  public let buildings: [Building]
  public let markers: [Marker]
  /// A round length (1, 2 or 5 × 10ⁿ metres) about a fifth of the map wide.
  public let scaleMetres: Double
  /// People beyond what fits around a building, by building id ("+3").
  public let overflow: [String: Int]

  /// The most people drawn at one building; the rest are counted.
  public static let markersPerBuilding = 5
  /// The distance between two markers' centres at one building, in map units.
  public static let markerSpacing = 30.0

  /// - Parameters:
  ///   - size: The map's width and height in map units.
  public init(
    centre: GeoPoint, buildings: [PresenceBuilding], names: [String: String], people: [Person], size: Double = 800
  ) {
    let projected = buildings.map { (building: $0, offset: Self.offset(of: $0.centre, from: centre)) }
    // Half the side in metres: every circle fits with a margin, and never less than 150 m.
    let reach = projected.map { max(abs($0.offset.east), abs($0.offset.north)) + $0.building.radius }.max() ?? 0
    let half = max(150, reach * 1.15)
    let unitsPerMetre = size / 2 / half
    self.size = size
    self.unitsPerMetre = unitsPerMetre
    self.buildings = projected.map { item in
      Building(
        id: item.building.id, name: names[item.building.id] ?? "", x: size / 2 + item.offset.east * unitsPerMetre,
        y: size / 2 - item.offset.north * unitsPerMetre, radius: item.building.radius * unitsPerMetre)
    }
    let byID = Dictionary(uniqueKeysWithValues: self.buildings.map { ($0.id, $0) })
    var markers: [Marker] = []
    var overflow: [String: Int] = [:]
    for (buildingID, group) in Dictionary(grouping: people, by: \.buildingID).sorted(by: { $0.key < $1.key }) {
      guard let building = byID[buildingID] else { continue }
      let shown = group.sorted { ($0.displayName, $0.id) < ($1.displayName, $1.id) }.prefix(Self.markersPerBuilding)
      for (index, person) in shown.enumerated() {
        let shift = (Double(index) - Double(shown.count - 1) / 2) * Self.markerSpacing
        markers.append(
          Marker(
            personID: person.id, initials: person.initials, buildingID: buildingID,
            x: building.x + shift, y: building.y))
      }
      if group.count > shown.count { overflow[buildingID] = group.count - shown.count }
    }
    self.markers = markers
    self.overflow = overflow
    self.scaleMetres = Self.roundLength(near: 2 * half / 5)
  }

  /// East and north of `origin`, in metres.
  public static func offset(of point: GeoPoint, from origin: GeoPoint) -> (east: Double, north: Double) {
    let radians = Double.pi / 180
    let east =
      (point.longitude - origin.longitude) * radians * cos(origin.latitude * radians) * GeoPoint.meanEarthRadius
    let north = (point.latitude - origin.latitude) * radians * GeoPoint.meanEarthRadius
    return (east, north)
  }

  /// The largest of 1, 2 or 5 × 10ⁿ metres not above `metres`.
  static func roundLength(near metres: Double) -> Double {
    let power = pow(10, floor(log10(max(metres, 1))))
    return [5, 2, 1].map { $0 * power }.first { $0 <= metres } ?? power
  }

  /// Up to two letters: the first of the first and last words ("Eva Núñez" → "EN").
  static func initials(_ name: String) -> String {
    let words = name.split(whereSeparator: \.isWhitespace)
    let letters = [words.first, words.count > 1 ? words.last : nil].compactMap { $0?.first }
    return letters.isEmpty ? "?" : String(letters).uppercased()
  }
}
