/// A campus on the wire, with its buildings.
public struct CampusBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var timeZone: String
  public var latitude: Double
  public var longitude: Double
  /// The company location whose people this campus is for.
  public var locationId: String
  public var buildings: [BuildingBody]

  public init(
    id: String, name: String, timeZone: String, latitude: Double, longitude: Double, locationId: String,
    buildings: [BuildingBody]
  ) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
    self.latitude = latitude
    self.longitude = longitude
    self.locationId = locationId
    self.buildings = buildings
  }
}

/// A building on the wire: a circle around its centre.
public struct BuildingBody: Codable, Hashable, Sendable {
  public var id: String
  public var campusId: String
  public var name: String
  public var latitude: Double
  public var longitude: Double
  /// Metres, 50 to 2,000.
  public var radiusM: Double
  public var address: String
  public var floors: [String]

  public init(
    id: String, campusId: String, name: String, latitude: Double, longitude: Double, radiusM: Double,
    address: String, floors: [String]
  ) {
    self.id = id
    self.campusId = campusId
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.radiusM = radiusM
    self.address = address
    self.floors = floors
  }
}

/// `POST /api/v1/presence/campuses` body, and `PATCH …/{id}` with only the fields that change.
public struct CampusChange: Codable, Hashable, Sendable {
  public var name: String?
  public var timeZone: String?
  public var latitude: Double?
  public var longitude: Double?
  public var locationId: String?

  public init(
    name: String? = nil, timeZone: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
    locationId: String? = nil
  ) {
    self.name = name
    self.timeZone = timeZone
    self.latitude = latitude
    self.longitude = longitude
    self.locationId = locationId
  }
}

/// `POST /api/v1/presence/buildings` body, and `PATCH …/{id}` with only the fields that change.
public struct BuildingChange: Codable, Hashable, Sendable {
  public var campusId: String?
  public var name: String?
  public var latitude: Double?
  public var longitude: Double?
  public var radiusM: Double?
  public var address: String?
  public var floors: [String]?

  public init(
    campusId: String? = nil, name: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
    radiusM: Double? = nil, address: String? = nil, floors: [String]? = nil
  ) {
    self.campusId = campusId
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.radiusM = radiusM
    self.address = address
    self.floors = floors
  }
}
