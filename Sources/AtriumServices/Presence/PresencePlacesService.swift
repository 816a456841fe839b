import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// The campuses and buildings people check in at: everyone reads them, admins change them.
package struct PresencePlacesService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  private var audit: AuditTrail { AuditTrail(environment: environment) }

  /// Every campus by name, each with its buildings by name.
  package func campuses() throws -> [CampusBody] {
    try environment.database.read { connection in
      let store = PresencePlacesStore(connection)
      let buildings = Dictionary(grouping: try store.buildings(), by: \.campusID)
      return try store.campuses().map { Self.body($0, buildings: buildings[$0.id] ?? []) }
    }
  }

  package func createCampus(_ body: CampusChange, by principal: Principal) throws -> CampusBody {
    try requireAdmin(principal, to: "add campuses")
    var validator = Validator()
    validator.require(body.name != nil, "name", .required)
    validator.require(body.timeZone != nil, "timeZone", .required)
    validator.require(body.latitude != nil, "latitude", .required)
    validator.require(body.longitude != nil, "longitude", .required)
    validator.require(body.locationId != nil, "locationId", .required)
    let fields = Self.campusFields(body, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      try Self.requireLocation(body.locationId, connection)
      let campus = PresencePlacesStore.Campus(
        id: environment.makeID(), name: fields.name ?? "", timeZone: fields.timeZone ?? "UTC",
        centre: fields.centre ?? GeoPoint(latitude: 0, longitude: 0)!, locationID: body.locationId ?? "",
        createdAt: environment.now().milliseconds)
      try refusingDuplicateName(campus.name, of: .campus) { try PresencePlacesStore(connection).insert(campus) }
      let created = Self.body(campus, buildings: [])
      try audit.record(
        "presence.campus-create", target: ("campus", campus.id), after: created, by: principal, connection: connection)
      return created
    }
  }

  package func updateCampus(id: String, _ body: CampusChange, by principal: Principal) throws -> CampusBody {
    try requireAdmin(principal, to: "change campuses")
    var validator = Validator()
    let fields = Self.campusFields(body, into: &validator)
    Self.requireBoth(body.latitude, body.longitude, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let store = PresencePlacesStore(connection)
      guard var campus = try store.campus(id: id) else { throw Problem.notFound(.noSuch(.campus, id: id)) }
      let buildings = try store.buildings().filter { $0.campusID == id }
      let before = Self.body(campus, buildings: buildings)
      if let locationID = body.locationId {
        try Self.requireLocation(locationID, connection)
        campus.locationID = locationID
      }
      if let name = fields.name { campus.name = name }
      if let timeZone = fields.timeZone { campus.timeZone = timeZone }
      if let centre = fields.centre { campus.centre = centre }
      try refusingDuplicateName(campus.name, of: .campus) { try store.update(campus) }
      let after = Self.body(campus, buildings: buildings)
      try audit.record(
        "presence.campus-update", target: ("campus", id), before: before, after: after, by: principal,
        connection: connection)
      return after
    }
  }

  package func deleteCampus(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "remove campuses")
    try environment.database.write { connection in
      let store = PresencePlacesStore(connection)
      guard let campus = try store.campus(id: id) else { throw Problem.notFound(.noSuch(.campus, id: id)) }
      guard try store.buildingCount(campusID: id) == 0 else { throw Problem.conflict(.campusHasBuildings) }
      try store.deleteCampus(id: id)
      try audit.record(
        "presence.campus-delete", target: ("campus", id), before: Self.body(campus, buildings: []), by: principal,
        connection: connection)
    }
  }

  package func createBuilding(_ body: BuildingChange, by principal: Principal) throws -> BuildingBody {
    try requireAdmin(principal, to: "add buildings")
    var validator = Validator()
    validator.require(body.campusId != nil, "campusId", .required)
    validator.require(body.name != nil, "name", .required)
    validator.require(body.latitude != nil, "latitude", .required)
    validator.require(body.longitude != nil, "longitude", .required)
    validator.require(body.radiusM != nil, "radiusM", .required)
    let fields = Self.buildingFields(body, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let store = PresencePlacesStore(connection)
      try Self.requireCampus(body.campusId, store)
      let building = PresencePlacesStore.Building(
        id: environment.makeID(), campusID: body.campusId ?? "", name: fields.name ?? "",
        centre: fields.centre ?? GeoPoint(latitude: 0, longitude: 0)!, radius: fields.radius ?? 100,
        address: fields.address ?? "", floors: fields.floors ?? [], createdAt: environment.now().milliseconds)
      try refusingDuplicateName(building.name, of: .building) { try store.insert(building) }
      let created = Self.body(building)
      try audit.record(
        "presence.building-create", target: ("building", building.id), after: created, by: principal,
        connection: connection)
      return created
    }
  }

  package func updateBuilding(id: String, _ body: BuildingChange, by principal: Principal) throws -> BuildingBody {
    try requireAdmin(principal, to: "change buildings")
    var validator = Validator()
    let fields = Self.buildingFields(body, into: &validator)
    Self.requireBoth(body.latitude, body.longitude, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let store = PresencePlacesStore(connection)
      guard var building = try store.building(id: id) else { throw Problem.notFound(.noSuch(.building, id: id)) }
      let before = Self.body(building)
      if let campusID = body.campusId {
        try Self.requireCampus(campusID, store)
        building.campusID = campusID
      }
      if let name = fields.name { building.name = name }
      if let centre = fields.centre { building.centre = centre }
      if let radius = fields.radius { building.radius = radius }
      if let address = fields.address { building.address = address }
      if let floors = fields.floors { building.floors = floors }
      try refusingDuplicateName(building.name, of: .building) { try store.update(building) }
      let after = Self.body(building)
      try audit.record(
        "presence.building-update", target: ("building", id), before: before, after: after, by: principal,
        connection: connection)
      return after
    }
  }

  package func deleteBuilding(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "remove buildings")
    try environment.database.write { connection in
      let store = PresencePlacesStore(connection)
      guard let building = try store.building(id: id) else { throw Problem.notFound(.noSuch(.building, id: id)) }
      try store.deleteBuilding(id: id)
      try audit.record(
        "presence.building-delete", target: ("building", id), before: Self.body(building), by: principal,
        connection: connection)
    }
  }

  // MARK: - Policy

  package func policy() throws -> PresencePolicyBody {
    PresencePolicyBody(
      checkInWithoutPosition: try environment.database.read { try PresencePlacesStore($0).checkInWithoutPosition() })
  }

  /// An admin allows or forbids checking in without a position (audited).
  package func updatePolicy(_ body: PresencePolicyBody, by principal: Principal) throws -> PresencePolicyBody {
    try requireAdmin(principal, to: "change the presence policy")
    return try environment.database.write { connection in
      let store = PresencePlacesStore(connection)
      let before = PresencePolicyBody(checkInWithoutPosition: try store.checkInWithoutPosition())
      try store.setCheckInWithoutPosition(body.checkInWithoutPosition)
      try audit.record(
        "presence.policy-update", target: ("company", "1"), before: before, after: body, by: principal,
        connection: connection)
      return body
    }
  }

  // MARK: - Validation

  private static func campusFields(
    _ body: CampusChange, into validator: inout Validator
  ) -> (name: String?, timeZone: String?, centre: GeoPoint?) {
    let name = body.name.map { PlaceRules.validName($0, into: &validator) }
    if let zone = body.timeZone { validator.require(TimeZone(identifier: zone) != nil, "timeZone", .timeZone) }
    return (name, body.timeZone, centre(body.latitude, body.longitude, into: &validator))
  }

  private static func buildingFields(
    _ body: BuildingChange, into validator: inout Validator
  ) -> (name: String?, centre: GeoPoint?, radius: Double?, address: String?, floors: [String]?) {
    let name = body.name.map { PlaceRules.validName($0, into: &validator) }
    if let radius = body.radiusM {
      validator.require(
        radius.isFinite && PresenceBuilding.radii.contains(radius), "radiusM",
        .metresBetween(Int(PresenceBuilding.radii.lowerBound), Int(PresenceBuilding.radii.upperBound)))
    }
    let address = body.address.map { $0.trimmingWhitespace }
    if let address { validator.require(address.count <= 300, "address", .atMostCharacters(300)) }
    let floors = body.floors.map { $0.map(\.trimmingWhitespace) }
    if let floors {
      validator.require(floors.count <= 200, "floors", .atMostEntries(200))
      validator.require(
        floors.allSatisfy { (1...50).contains($0.count) }, "floors", .everyEntryNeeds("1 to 50 characters"))
    }
    return (name, centre(body.latitude, body.longitude, into: &validator), body.radiusM, address, floors)
  }

  /// A change moves a centre whole: the coordinate left out is named.
  private static func requireBoth(_ latitude: Double?, _ longitude: Double?, into validator: inout Validator) {
    validator.require(
      (latitude == nil) == (longitude == nil), latitude == nil ? "latitude" : "longitude",
      .goesWith(other: latitude == nil ? "longitude" : "latitude"))
  }

  private static func centre(_ latitude: Double?, _ longitude: Double?, into validator: inout Validator) -> GeoPoint? {
    if let latitude { validator.require(latitude.isFinite && (-90...90).contains(latitude), "latitude", .latitude) }
    if let longitude {
      validator.require(longitude.isFinite && (-180...180).contains(longitude), "longitude", .longitude)
    }
    guard let latitude, let longitude else { return nil }
    return GeoPoint(latitude: latitude, longitude: longitude)
  }

  private static func requireLocation(_ id: String?, _ connection: any DatabaseConnection) throws {
    guard let id, try PlacesStore(connection).location(id: id) != nil else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "locationId", rule: .notA(.location))]))
    }
  }

  private static func requireCampus(_ id: String?, _ store: PresencePlacesStore) throws {
    guard let id, try store.campus(id: id) != nil else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "campusId", rule: .notA(.campus))]))
    }
  }

  // MARK: - Bodies

  static func body(_ campus: PresencePlacesStore.Campus, buildings: [PresencePlacesStore.Building]) -> CampusBody {
    CampusBody(
      id: campus.id, name: campus.name, timeZone: campus.timeZone, latitude: campus.centre.latitude,
      longitude: campus.centre.longitude, locationId: campus.locationID, buildings: buildings.map(body))
  }

  static func body(_ building: PresencePlacesStore.Building) -> BuildingBody {
    BuildingBody(
      id: building.id, campusId: building.campusID, name: building.name, latitude: building.centre.latitude,
      longitude: building.centre.longitude, radiusM: building.radius, address: building.address,
      floors: building.floors)
  }
}
