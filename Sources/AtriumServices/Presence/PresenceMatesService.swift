import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// My mates, what of them I may see, today's counts for admins, and a person's own history.
/// Whom a check-in is shown to is decided here, by one rule (`PresenceSharing.isVisible`): a
/// person hidden from the caller and a person who never checked in answer the same.
package struct PresenceMatesService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  package func mates(principal: Principal) throws -> [PersonName] {
    try environment.database.read { connection in
      try Self.names(try PresenceStore(connection).mates(of: principal.employee.id), connection)
    }
  }

  /// Adds someone to the caller's mates: it grants the caller nothing by itself.
  package func addMate(_ body: NewMate, principal: Principal) throws -> (mate: PersonName, isNew: Bool) {
    try environment.database.write { connection in
      guard body.personId != principal.employee.id,
        let person = try PeopleStore(connection).employee(id: body.personId), person.isActive
      else { throw Problem.invalid(ValidationFailure([FieldError(field: "personId", rule: .notA(.person))])) }
      // Each may now see the other (when they share with mates and keep each other).
      let isNew = try PresenceAnnouncements(environment: environment, connection: connection).visibilityChange(
        of: [principal.employee.id, person.id]
      ) {
        try PresenceStore(connection).addMate(person.id, to: principal.employee.id, at: environment.now().milliseconds)
      }
      return (PersonName(id: person.id, displayName: person.displayName), isNew)
    }
  }

  package func removeMate(id: String, principal: Principal) throws {
    try environment.database.write { connection in
      try PresenceAnnouncements(environment: environment, connection: connection).visibilityChange(
        of: [principal.employee.id, id]
      ) { try PresenceStore(connection).removeMate(id, from: principal.employee.id) }
    }
  }

  /// Each of the caller's mates the caller may see, with their latest check-in of the last 30
  /// days; the others (hidden, or never checked in) are simply not there.
  package func checkIns(principal: Principal) throws -> [MateCheckIn] {
    let now = environment.now().milliseconds
    let since = now - Int64(PresenceSharing.historyDays) * 86_400_000
    let viewer = principal.employee.id
    return try environment.database.read { connection in
      let store = PresenceStore(connection)
      let addedMe = try store.keptAsMateBy(viewer)
      let places = try PresenceService.Places(connection)
      let people = PeopleStore(connection)
      return try store.mates(of: viewer).compactMap { mateID -> MateCheckIn? in
        let sharing = try store.settings(employeeID: mateID).sharing
        guard
          PresenceSharing.isVisible(
            sharing: sharing, isSelf: false, theyAddedViewer: addedMe.contains(mateID), viewerAddedThem: true),
          let latest = try store.latestCheckIn(employeeID: mateID, since: since),
          let person = try people.employee(id: mateID), person.isActive
        else { return nil }
        return MateCheckIn(
          person: PersonName(id: person.id, displayName: person.displayName),
          checkIn: PresenceService.body(latest, places: places, now: now))
      }
    }
  }

  /// How many people checked in at each building since its campus's local midnight (admins):
  /// everyone counts, sharing or not, and no name is given.
  package func today(principal: Principal) throws -> [BuildingCount] {
    try requireAdmin(principal, to: "see today's counts")
    let now = environment.now()
    return try environment.database.read { connection in
      let places = try PresenceService.Places(connection)
      let store = PresenceStore(connection)
      return try places.buildings.values.sorted { $0.name < $1.name }.map { building in
        let campus = places.campuses[building.campusID]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = campus.flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt
        let midnight = calendar.startOfDay(for: now).milliseconds
        return BuildingCount(
          building: NamedRef(id: building.id, name: building.name),
          campus: NamedRef(id: campus?.id ?? "", name: campus?.name ?? ""),
          people: try store.peopleCheckedIn(buildingID: building.id, since: midnight))
      }
    }
  }

  /// Everything kept of the caller's presence, to take away.
  package func export(principal: Principal) throws -> PresenceHistory {
    let now = environment.now().milliseconds
    return try environment.database.read { connection in
      let store = PresenceStore(connection)
      let places = try PresenceService.Places(connection)
      return PresenceHistory(
        checkIns: try store.history(employeeID: principal.employee.id).map {
          PresenceService.body($0, places: places, now: now)
        }, settings: PresenceService.body(try store.settings(employeeID: principal.employee.id)),
        mates: try Self.names(try store.mates(of: principal.employee.id), connection))
    }
  }

  /// Deletes the caller's check-ins, the open one included.
  package func deleteHistory(principal: Principal) throws {
    try environment.database.write { connection in
      let wasIn =
        try PresenceStore(connection).openCheckIn(
          employeeID: principal.employee.id, at: environment.now().milliseconds) != nil
      try PresenceStore(connection).deleteHistory(employeeID: principal.employee.id)
      if wasIn {
        try PresenceAnnouncements(environment: environment, connection: connection).checkedOut(principal.employee.id)
      }
    }
  }

  private static func names(_ ids: [String], _ connection: any DatabaseConnection) throws -> [PersonName] {
    let people = PeopleStore(connection)
    return try ids.compactMap { id in
      try people.employee(id: id).map { PersonName(id: $0.id, displayName: $0.displayName) }
    }
  }
}

extension ErasureHook {
  /// The person's check-ins, presence settings and mates, both ways.
  public static let presence = ErasureHook(name: "presence") { request in
    for table in ["presence_checkins", "presence_settings"] {
      try request.store.delete(from: table, where: "employee_id", is: request.person.id)
    }
    try request.store.delete(from: "presence_mates", where: "employee_id", is: request.person.id)
    try request.store.delete(from: "presence_mates", where: "mate_id", is: request.person.id)
  }
}
