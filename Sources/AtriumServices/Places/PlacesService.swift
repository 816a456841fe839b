import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// Locations and departments: everyone reads them, admins add them.
package struct PlacesService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  package var audit: AuditTrail { AuditTrail(environment: environment) }

  package func locations(_ page: PageRequest) throws -> Page<LocationBody> {
    let result = try environment.database.read { try PlacesStore($0).locations(limit: page.limit, after: page.cursor) }
    return Page(items: result.items.map(Self.body), nextCursor: result.nextCursor)
  }

  package func departments(_ page: PageRequest) throws -> Page<DepartmentBody> {
    let result = try environment.database.read {
      try PlacesStore($0).departments(limit: page.limit, after: page.cursor)
    }
    return Page(items: result.items.map(Self.body), nextCursor: result.nextCursor)
  }

  package func createLocation(_ body: NewLocation, by principal: Principal) throws -> LocationBody {
    try requireAdmin(principal, to: "add locations")
    var validator = Validator()
    let name = PlaceRules.validName(body.name, into: &validator)
    let timeZone = Self.validTimeZone(body.timeZone, into: &validator)
    let weekend = Self.validWeekend(body.weekendDays ?? [6, 7], into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let zone = try timeZone ?? CompanyStore(connection).company()?.timeZone ?? "UTC"
      let location = Location(id: environment.makeID(), name: name, timeZone: zone, weekendDays: weekend)
      try refusingDuplicateName(name, of: .location) { try PlacesStore(connection).insert(location) }
      try audit.record(
        "location.create", target: ("location", location.id), after: Self.body(location), by: principal,
        connection: connection)
      return Self.body(location)
    }
  }

  /// An admin renames a location or changes its time zone or weekend; a new weekend counts the
  /// days of its people's pending and approved requests again.
  package func updateLocation(id: String, _ body: LocationChange, by principal: Principal) throws -> LocationBody {
    try requireAdmin(principal, to: "change locations")
    var validator = Validator()
    let name = body.name.map { PlaceRules.validName($0, into: &validator) }
    let timeZone = Self.validTimeZone(body.timeZone, into: &validator)
    let weekend = body.weekendDays.map { Self.validWeekend($0, into: &validator) }
    try validator.check()
    return try environment.database.write { connection in
      let places = PlacesStore(connection)
      guard var location = try places.location(id: id) else { throw Problem.notFound(.noSuch(.location, id: id)) }
      let before = Self.body(location)
      let weekendChanged = weekend.map { $0 != location.weekendDays } ?? false
      if let name { location.name = name }
      if let timeZone { location.timeZone = timeZone }
      if let weekend { location.weekendDays = weekend }
      try refusingDuplicateName(location.name, of: .location) { try places.update(location) }
      if weekendChanged {
        try LeaveSettingsService(environment: environment).recountRequests(at: id, connection: connection)
      }
      try audit.record(
        "location.update", target: ("location", id), before: before, after: Self.body(location), by: principal,
        connection: connection)
      return Self.body(location)
    }
  }

  package func updateDepartment(
    id: String, _ change: DepartmentChange, by principal: Principal
  ) throws -> DepartmentBody {
    try requireAdmin(principal, to: "change departments")
    var validator = Validator()
    let name = change.name.map { PlaceRules.validName($0, into: &validator) }
    try validator.check()
    return try environment.database.write { connection in
      let places = PlacesStore(connection)
      guard var department = try places.department(id: id) else {
        throw Problem.notFound(.noSuch(.department, id: id))
      }
      let before = Self.body(department)
      if let name { department.name = name }
      try refusingDuplicateName(department.name, of: .department) { try places.update(department) }
      try audit.record(
        "department.update", target: ("department", id), before: before, after: Self.body(department),
        by: principal, connection: connection)
      // The directory searches by department name.
      try PeopleStore(connection).index(departmentID: id)
      return Self.body(department)
    }
  }

  package func deleteDepartment(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "remove departments")
    try environment.database.write { connection in
      guard let department = try PlacesStore(connection).department(id: id) else {
        throw Problem.notFound(.noSuch(.department, id: id))
      }
      try refusingWhileInUse(.department) { try PlacesStore(connection).deleteDepartment(id: id) }
      try audit.record(
        "department.delete", target: ("department", id), before: Self.body(department), by: principal,
        connection: connection)
    }
  }

  package func deleteLocation(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "remove locations")
    try environment.database.write { connection in
      guard let location = try PlacesStore(connection).location(id: id) else {
        throw Problem.notFound(.noSuch(.location, id: id))
      }
      try refusingWhileInUse(.location) { try PlacesStore(connection).deleteLocation(id: id) }
      try audit.record(
        "location.delete", target: ("location", id), before: Self.body(location), by: principal, connection: connection)
    }
  }

  private func refusingWhileInUse(_ kind: NamedThing, _ delete: () throws -> Void) throws {
    do {
      try delete()
    } catch let error as DatabaseError where error.isForeignKeyViolation {
      throw Problem.conflict(.inUseByPeople(kind))
    }
  }

  private static func validTimeZone(_ zone: String?, into validator: inout Validator) -> String? {
    guard let zone else { return nil }
    validator.require(TimeZone(identifier: zone) != nil, "timeZone", .timeZone)
    return zone
  }

  private static func validWeekend(_ numbers: [Int], into validator: inout Validator) -> Set<Weekday> {
    let weekend = numbers.compactMap(Weekday.init(rawValue:))
    validator.require(
      weekend.count == numbers.count, "weekendDays", .weekdayNumbers)
    validator.require(Set(weekend).count < 7, "weekendDays", .oneWorkingDay)
    return Set(weekend)
  }

  package func createDepartment(_ body: NewDepartment, by principal: Principal) throws -> DepartmentBody {
    try requireAdmin(principal, to: "add departments")
    var validator = Validator()
    let name = PlaceRules.validName(body.name, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let department = Department(id: environment.makeID(), name: name)
      try refusingDuplicateName(name, of: .department) { try PlacesStore(connection).insert(department) }
      try audit.record(
        "department.create", target: ("department", department.id), after: Self.body(department), by: principal,
        connection: connection)
      return Self.body(department)
    }
  }

  // MARK: - Private

  private static func body(_ location: Location) -> LocationBody {
    LocationBody(
      id: location.id, name: location.name, timeZone: location.timeZone,
      weekendDays: location.weekendDays.sorted().map(\.rawValue))
  }

  private static func body(_ department: Department) -> DepartmentBody {
    DepartmentBody(id: department.id, name: department.name)
  }
}
