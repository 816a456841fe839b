import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// Checking in and out, by hand and by a device, and a person's presence settings. Every
/// decision is made here from the fix the device sent (`PresenceRules`, `AutomaticPresence`),
/// never from the device's own opinion of where it is.
package struct PresenceService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// The buildings a fix is inside, possibly inside or near, the nearest first.
  package func nearby(_ report: PositionReport, principal: Principal) throws -> [NearbyBuilding] {
    try environment.database.read { connection in
      let places = try Places(connection)
      let fix = try Self.fix(report, among: places.rules)
      return PresenceRules.matches(fix, among: places.rules).compactMap { match in
        guard let building = places.buildings[match.building.id] else { return nil }
        return NearbyBuilding(
          building: PresencePlacesService.body(building), campusName: places.campuses[building.campusID]?.name ?? "",
          closeness: Self.name(match.closeness), distanceM: (match.distance * 10).rounded() / 10)
      }
    }
  }

  /// A check-in by hand: at a building the fix puts the person possibly inside, or without a
  /// fix at a building of their campuses where the company allows it. It closes their open one.
  package func checkIn(_ body: NewCheckIn, principal: Principal) throws -> CheckInBody {
    try environment.database.write { connection in
      let places = try Places(connection)
      guard let building = places.buildings[body.buildingId] else {
        throw Problem.invalid(ValidationFailure([FieldError(field: "buildingId", rule: .notA(.building))]))
      }
      let method: PresenceStore.Method
      if let report = body.position {
        let fix = try Self.fix(report, among: places.rules)
        guard let closeness = PresenceRules.closeness(of: fix, to: building.rules), closeness >= .possiblyInside else {
          throw Problem.unprocessable(.notAtBuilding(name: building.name))
        }
        method = .nearby
      } else {
        let campus = places.campuses[building.campusID]
        guard try PresencePlacesStore(connection).checkInWithoutPosition(),
          campus?.locationID == principal.employee.locationID
        else { throw Problem.unprocessable(.positionNeeded) }
        method = .withoutPosition
      }
      return try record(building, method: method, for: principal.employee.id, places: places, connection)
    }
  }

  /// Ends the caller's open check-in, if any.
  package func checkOut(principal: Principal) throws {
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      let store = PresenceStore(connection)
      if try store.end(employeeID: principal.employee.id, at: now, by: "checkout") {
        try PresenceAnnouncements(environment: environment, connection: connection).checkedOut(principal.employee.id)
      }
      var settings = try store.settings(employeeID: principal.employee.id)
      settings.outsideSince = nil
      try store.save(settings, employeeID: principal.employee.id)
    }
  }

  /// A device's fix (or geofence event): with automatic check-in on, it may check the person
  /// in or out (`AutomaticPresence`); the answer says what it did, or why nothing.
  package func position(_ report: PositionReport, principal: Principal) throws -> PositionDecision {
    let person = principal.employee.id
    return try environment.database.write { connection in
      let places = try Places(connection)
      let fix = try Self.fix(report, among: places.rules)
      let store = PresenceStore(connection)
      var settings = try store.settings(employeeID: person)
      guard settings.automatic else { return PositionDecision(decision: "nothing", reason: "automaticOff") }
      let now = environment.now().milliseconds
      let open = try store.openCheckIn(employeeID: person, at: now)
      let takenAt = now - Int64(fix.age * 1000)
      let (decision, state) = AutomaticPresence.decide(
        fix, takenAt: takenAt,
        state: .init(openBuildingID: open?.buildingID, outsideSince: open == nil ? nil : settings.outsideSince),
        buildings: places.rules)
      settings.outsideSince = state.outsideSince
      try store.save(settings, employeeID: person)
      switch decision {
      case .checkIn(let buildingID):
        guard let building = places.buildings[buildingID] else { return PositionDecision(decision: "nothing") }
        let made = try record(building, method: .automatic, for: person, places: places, connection)
        return PositionDecision(decision: "checkedIn", checkIn: made)
      case .checkOut:
        if try store.end(employeeID: person, at: now, by: "automatic") {
          try PresenceAnnouncements(environment: environment, connection: connection).checkedOut(person)
        }
        return PositionDecision(decision: "checkedOut")
      case .nothing(let reason):
        return PositionDecision(
          decision: "nothing", reason: reason.rawValue,
          checkIn: open.map { Self.body($0, places: places, now: now) })
      }
    }
  }

  package func me(principal: Principal) throws -> MyPresence {
    let now = environment.now().milliseconds
    return try environment.database.read { connection in
      let store = PresenceStore(connection)
      let open = try store.openCheckIn(employeeID: principal.employee.id, at: now)
      let places = try Places(connection)
      return MyPresence(
        checkIn: open.map { Self.body($0, places: places, now: now) },
        settings: Self.body(try store.settings(employeeID: principal.employee.id)))
    }
  }

  package func settings(principal: Principal) throws -> PresenceSettingsBody {
    Self.body(try environment.database.read { try PresenceStore($0).settings(employeeID: principal.employee.id) })
  }

  package func updateSettings(_ change: PresenceSettingsChange, principal: Principal) throws -> PresenceSettingsBody {
    var validator = Validator()
    let sharing = change.sharing.flatMap(PresenceSharing.init(rawValue:))
    validator.require(
      change.sharing == nil || sharing != nil, "sharing",
      .unknownValue(allowed: PresenceSharing.allCases.map(\.rawValue)))
    try validator.check()
    return try environment.database.write { connection in
      let store = PresenceStore(connection)
      var settings = try store.settings(employeeID: principal.employee.id)
      if let sharing, sharing != settings.sharing {
        settings.sharing = sharing
        try PresenceAnnouncements(environment: environment, connection: connection).visibilityChange(
          of: [principal.employee.id]
        ) { try store.save(settings, employeeID: principal.employee.id) }
      }
      if let automatic = change.automatic {
        settings.automatic = automatic
        settings.outsideSince = nil
      }
      try store.save(settings, employeeID: principal.employee.id)
      return Self.body(settings)
    }
  }

  // MARK: - Helpers

  /// A check-in made now at `building`, ending at its campus's local midnight or in 12 hours.
  private func record(
    _ building: PresencePlacesStore.Building, method: PresenceStore.Method, for person: String, places: Places,
    _ connection: any DatabaseConnection
  ) throws -> CheckInBody {
    let now = environment.now().milliseconds
    let zone = places.campuses[building.campusID].flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt
    let checkIn = PresenceStore.CheckIn(
      id: environment.makeID(), employeeID: person, buildingID: building.id, method: method, checkedInAt: now,
      endsAt: CheckInExpiry.endsAt(checkedInAt: now, timeZone: zone))
    let store = PresenceStore(connection)
    try store.insert(checkIn)
    var settings = try store.settings(employeeID: person)
    if settings.outsideSince != nil {
      settings.outsideSince = nil
      try store.save(settings, employeeID: person)
    }
    let body = Self.body(checkIn, places: places, now: now)
    try PresenceAnnouncements(environment: environment, connection: connection).checkedIn(
      person, at: body.building, campus: body.campus, checkInID: checkIn.id)
    return body
  }

  /// The report as a fix the rules take, or the problem with it: a bad number names its field
  /// (400); a fix too old or too imprecise says why (422).
  static func fix(_ report: PositionReport, among buildings: [PresenceBuilding]) throws -> PositionFix {
    var validator = Validator()
    validator.require(report.latitude.isFinite && (-90...90).contains(report.latitude), "latitude", .latitude)
    validator.require(report.longitude.isFinite && (-180...180).contains(report.longitude), "longitude", .longitude)
    validator.require(report.accuracyM.isFinite && report.accuracyM >= 0, "accuracyM", .number)
    validator.require(report.fixAgeS.isFinite && report.fixAgeS >= 0, "fixAgeS", .number)
    if let event = report.event {
      validator.require(["enter", "exit"].contains(event), "event", .unknownValue(allowed: ["enter", "exit"]))
    }
    try validator.check()
    guard let point = GeoPoint(latitude: report.latitude, longitude: report.longitude) else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "latitude", rule: .latitude)]))
    }
    let fix = PositionFix(point: point, accuracy: report.accuracyM, age: report.fixAgeS)
    do {
      try PresenceRules.check(fix, among: buildings)
    } catch .stale(let seconds) {
      throw Problem.unprocessable(.fixTooOld(seconds: seconds))
    } catch .inaccurate(let limit) {
      throw Problem.unprocessable(.fixTooInaccurate(limit: limit))
    } catch .notAFix {
      throw Problem.invalid(ValidationFailure([FieldError(field: "accuracyM", rule: .number)]))
    }
    return fix
  }

  static func name(_ closeness: Closeness) -> String {
    switch closeness {
    case .inside: "inside"
    case .possiblyInside: "possiblyInside"
    case .nearby: "nearby"
    }
  }

  static func body(_ settings: PresenceStore.Settings) -> PresenceSettingsBody {
    PresenceSettingsBody(sharing: settings.sharing.rawValue, automatic: settings.automatic)
  }

  static func body(_ checkIn: PresenceStore.CheckIn, places: Places, now: Int64) -> CheckInBody {
    let building = places.buildings[checkIn.buildingID]
    let campus = building.flatMap { places.campuses[$0.campusID] }
    return CheckInBody(
      id: checkIn.id, building: NamedRef(id: checkIn.buildingID, name: building?.name ?? ""),
      campus: NamedRef(id: campus?.id ?? "", name: campus?.name ?? ""), method: checkIn.method.rawValue,
      checkedInAt: Instant.text(checkIn.checkedInAt), endsAt: Instant.text(checkIn.endedAt ?? checkIn.endsAt),
      open: checkIn.isOpen(at: now))
  }

  /// Every campus and building, read once per request.
  struct Places {
    let campuses: [String: PresencePlacesStore.Campus]
    let buildings: [String: PresencePlacesStore.Building]
    let rules: [PresenceBuilding]

    init(_ connection: any DatabaseConnection) throws {
      let store = PresencePlacesStore(connection)
      campuses = Dictionary(uniqueKeysWithValues: try store.campuses().map { ($0.id, $0) })
      let all = try store.buildings()
      buildings = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
      rules = all.map(\.rules)
    }
  }
}
