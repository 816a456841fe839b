import AtriumDomain

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

/// A device's fix: where, how precise (metres) and how old (seconds); `event` is `enter` or
/// `exit` when a geofence raised it (the fix still decides).
public struct PositionReport: Codable, Hashable, Sendable {
  public var latitude: Double
  public var longitude: Double
  public var accuracyM: Double
  public var fixAgeS: Double
  public var event: String?

  public init(latitude: Double, longitude: Double, accuracyM: Double, fixAgeS: Double, event: String? = nil) {
    self.latitude = latitude
    self.longitude = longitude
    self.accuracyM = accuracyM
    self.fixAgeS = fixAgeS
    self.event = event
  }
}

/// A building near a fix: `inside`, `possiblyInside` or `nearby`, and how far its centre is.
public struct NearbyBuilding: Codable, Hashable, Sendable {
  public var building: BuildingBody
  public var campusName: String
  public var closeness: String
  public var distanceM: Double

  public init(building: BuildingBody, campusName: String, closeness: String, distanceM: Double) {
    self.building = building
    self.campusName = campusName
    self.closeness = closeness
    self.distanceM = distanceM
  }
}

/// `POST /api/v1/presence/checkins` body: the building, and the fix that puts the person there
/// (left out only where the company allows check-in without a position).
public struct NewCheckIn: Codable, Hashable, Sendable {
  public var buildingId: String
  public var position: PositionReport?

  public init(buildingId: String, position: PositionReport? = nil) {
    self.buildingId = buildingId
    self.position = position
  }
}

/// A name and an id, for what a check-in points to.
public struct NamedRef: Codable, Hashable, Sendable {
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

/// A check-in on the wire.
public struct CheckInBody: Codable, Hashable, Sendable {
  public var id: String
  public var building: NamedRef
  public var campus: NamedRef
  /// `nearby`, `without-position` or `automatic`.
  public var method: String
  public var checkedInAt: String
  /// When it ends by itself (the building's local midnight, or 12 hours after).
  public var endsAt: String
  public var open: Bool

  public init(
    id: String, building: NamedRef, campus: NamedRef, method: String, checkedInAt: String, endsAt: String, open: Bool
  ) {
    self.id = id
    self.building = building
    self.campus = campus
    self.method = method
    self.checkedInAt = checkedInAt
    self.endsAt = endsAt
    self.open = open
  }
}

/// `GET /api/v1/presence/me`: the caller's open check-in and settings.
public struct MyPresence: Codable, Hashable, Sendable {
  public var checkIn: CheckInBody?
  public var settings: PresenceSettingsBody

  public init(checkIn: CheckInBody?, settings: PresenceSettingsBody) {
    self.checkIn = checkIn
    self.settings = settings
  }
}

/// `GET|PUT /api/v1/presence/settings`: who sees the caller's check-ins (`off`, `mates`,
/// `everyone`; `off` until changed) and whether their devices check them in and out.
public struct PresenceSettingsBody: Codable, Hashable, Sendable {
  public var sharing: String
  public var automatic: Bool

  public init(sharing: String, automatic: Bool) {
    self.sharing = sharing
    self.automatic = automatic
  }
}

/// `PUT /api/v1/presence/settings` body: the fields that change.
public struct PresenceSettingsChange: Codable, Hashable, Sendable {
  public var sharing: String?
  public var automatic: Bool?

  public init(sharing: String? = nil, automatic: Bool? = nil) {
    self.sharing = sharing
    self.automatic = automatic
  }
}

/// What a device's fix decided: `checkedIn`, `checkedOut` or `nothing`, and why when nothing.
public struct PositionDecision: Codable, Hashable, Sendable {
  public var decision: String
  public var reason: String?
  public var checkIn: CheckInBody?

  public init(decision: String, reason: String? = nil, checkIn: CheckInBody? = nil) {
    self.decision = decision
    self.reason = reason
    self.checkIn = checkIn
  }
}

/// `POST /api/v1/presence/mates` body.
public struct NewMate: Codable, Hashable, Sendable {
  public var personId: String

  public init(personId: String) {
    self.personId = personId
  }
}

/// A mate's last check-in, as the caller may see it.
public struct MateCheckIn: Codable, Hashable, Sendable {
  public var person: PersonName
  public var checkIn: CheckInBody

  public init(person: PersonName, checkIn: CheckInBody) {
    self.person = person
    self.checkIn = checkIn
  }
}

/// How many people checked in at a building today (admins): a count, never names.
public struct BuildingCount: Codable, Hashable, Sendable {
  public var building: NamedRef
  public var campus: NamedRef
  public var people: Int

  public init(building: NamedRef, campus: NamedRef, people: Int) {
    self.building = building
    self.campus = campus
    self.people = people
  }
}

/// `GET /api/v1/presence/history/export`: everything Atrium keeps of the caller's check-ins.
public struct PresenceHistory: Codable, Hashable, Sendable {
  public var checkIns: [CheckInBody]
  public var settings: PresenceSettingsBody
  public var mates: [PersonName]

  public init(checkIns: [CheckInBody], settings: PresenceSettingsBody, mates: [PersonName]) {
    self.checkIns = checkIns
    self.settings = settings
    self.mates = mates
  }
}

/// `GET|PUT /api/v1/presence/policy`: what the company allows.
public struct PresencePolicyBody: Codable, Hashable, Sendable {
  /// Whether people may check in without a position at their campuses' buildings (people at a
  /// desktop often have none); off until an admin turns it on.
  public var checkInWithoutPosition: Bool

  public init(checkInWithoutPosition: Bool) {
    self.checkInWithoutPosition = checkInWithoutPosition
  }
}
