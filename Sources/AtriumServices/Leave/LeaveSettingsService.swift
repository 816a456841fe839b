import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// What admins set for time off: allowances, holidays, leave types and the policy. Everyone
/// may read holidays, types and the policy; only admins change them.
package struct LeaveSettingsService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  package var audit: AuditTrail { AuditTrail(environment: environment) }

  // MARK: Allowances

  package func setAllowance(
    _ body: AllowanceBody, employeeID: String, year: Int, by principal: Principal
  ) throws
    -> AllowanceBody
  {
    try requireAdmin(principal, to: "set allowances")
    guard (HalfDays.zero...HalfDays(days: 366)).contains(body.days) else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "days", rule: .daysBetween(0, 366))]))
    }
    return try environment.database.write { connection in
      guard try PeopleStore(connection).employee(id: employeeID) != nil else {
        throw Problem.notFound(.noPerson(id: employeeID))
      }
      let store = LeaveSettingsStore(connection)
      let before = try store.allowanceOverrides(employeeID: employeeID)[year].map(AllowanceBody.init)
      try store.setAllowance(employeeID: employeeID, year: year, days: body.days)
      try audit.record(
        "allowance.set", target: ("allowance", "\(employeeID)/\(year)"), before: before, after: body, by: principal,
        connection: connection)
      return body
    }
  }

  // MARK: Holidays

  /// A location's holidays (the caller's own location by default), optionally of one year.
  package func holidays(locationID: String?, year: Int?, principal: Principal) throws -> Page<HolidayBody> {
    let locationID = locationID ?? principal.employee.locationID
    return try environment.database.read { connection in
      guard try PlacesStore(connection).location(id: locationID) != nil else {
        throw Problem.notFound(.noSuch(.location, id: locationID))
      }
      let holidays = try LeaveSettingsStore(connection).holidays(locationID: locationID, year: year)
      return Page(items: holidays.map(Self.body), nextCursor: nil)
    }
  }

  package func createHoliday(_ body: NewHoliday, by principal: Principal) throws -> HolidayBody {
    try requireAdmin(principal, to: "manage holidays")
    var validator = Validator()
    let name = PlaceRules.validName(body.name, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      guard try PlacesStore(connection).location(id: body.locationId) != nil else {
        throw Problem.invalid(ValidationFailure([FieldError(field: "locationId", rule: .notA(.location))]))
      }
      let id = environment.makeID()
      let holiday = Holiday(date: body.date, name: name, half: body.half)
      do {
        try LeaveSettingsStore(connection).insertHoliday(id: id, locationID: body.locationId, holiday)
      } catch let error as DatabaseError where error.isUniqueViolation {
        throw Problem.conflict(.holidayExists(date: body.date.description))
      }
      try recountRequests(at: body.locationId, connection: connection)
      let created = HolidayBody(id: id, locationId: body.locationId, date: body.date, name: name, half: body.half)
      try audit.record("holiday.create", target: ("holiday", id), after: created, by: principal, connection: connection)
      return created
    }
  }

  package func deleteHoliday(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "manage holidays")
    try environment.database.write { connection in
      let store = LeaveSettingsStore(connection)
      guard let holiday = try store.holiday(id: id) else { throw Problem.notFound(.noSuch(.holiday, id: id)) }
      try store.deleteHoliday(id: id)
      try recountRequests(at: holiday.locationID, connection: connection)
      try audit.record(
        "holiday.delete", target: ("holiday", id), before: Self.body(holiday), by: principal, connection: connection)
    }
  }

  /// Counts again the days of every pending and approved request at a location whose
  /// calendar changed, so balances follow the new holidays or weekend.
  package func recountRequests(at locationID: String, connection: any DatabaseConnection) throws {
    let context = LeaveContext(connection: connection, environment: environment)
    let calendar = try context.calendar(locationID: locationID)
    for stored in try context.requests.holdingRequests(locationID: locationID) {
      try context.requests.replaceDays(
        of: stored.request.id, employeeID: stored.request.employeeID, calendar.workingTime(of: stored.request.span))
    }
  }

  private static func body(_ stored: LeaveSettingsStore.StoredHoliday) -> HolidayBody {
    HolidayBody(
      id: stored.id, locationId: stored.locationID, date: stored.holiday.date, name: stored.holiday.name,
      half: stored.holiday.half)
  }

  // MARK: Leave types

  package func leaveTypes() throws -> Page<LeaveTypeBody> {
    let types = try environment.recall(\.leaveTypes, .leaveTypes) {
      try environment.database.read { try LeaveSettingsStore($0).leaveTypes() }
    }
    return Page(items: types.map(Self.body), nextCursor: nil)
  }

  package func createLeaveType(_ body: LeaveTypeChange, by principal: Principal) throws -> LeaveTypeBody {
    try requireAdmin(principal, to: "manage leave types")
    var validator = Validator()
    let name = PlaceRules.validName(body.name ?? "", into: &validator)
    let type = LeaveType(
      id: environment.makeID(), name: name, countsAgainstAllowance: body.countsAgainstAllowance ?? true,
      needsApproval: body.needsApproval ?? true, isActive: body.active ?? true, isDefault: body.default ?? false)
    try validator.check()
    try Self.keepOneDefault(before: nil, after: type)
    try environment.database.write { connection in
      let store = LeaveSettingsStore(connection)
      try refusingDuplicateName(name, of: .leaveType) { try store.insert(type) }
      if type.isDefault { try store.makeDefault(id: type.id) }
      try audit.record(
        "leave-type.create", target: ("leave-type", type.id), after: Self.body(type), by: principal,
        connection: connection)
    }
    return Self.body(type)
  }

  package func updateLeaveType(id: String, _ body: LeaveTypeChange, by principal: Principal) throws -> LeaveTypeBody {
    try requireAdmin(principal, to: "manage leave types")
    var validator = Validator()
    let name = body.name.map { PlaceRules.validName($0, into: &validator) }
    try validator.check()
    return try environment.database.write { connection in
      let store = LeaveSettingsStore(connection)
      guard let current = try store.leaveType(id: id) else { throw Problem.notFound(.noSuch(.leaveType, id: id)) }
      var type = current
      if let name { type.name = name }
      if let counts = body.countsAgainstAllowance { type.countsAgainstAllowance = counts }
      if let needsApproval = body.needsApproval { type.needsApproval = needsApproval }
      if let active = body.active { type.isActive = active }
      if let isDefault = body.default { type.isDefault = isDefault }
      try Self.keepOneDefault(before: current, after: type)
      let before = Self.body(current)
      try refusingDuplicateName(type.name, of: .leaveType) { try store.update(type) }
      if type.isDefault && !current.isDefault { try store.makeDefault(id: type.id) }
      try audit.record(
        "leave-type.update", target: ("leave-type", id), before: before, after: Self.body(type), by: principal,
        connection: connection)
      return Self.body(type)
    }
  }

  private static func keepOneDefault(before: LeaveType?, after: LeaveType) throws {
    let errors = LeaveType.defaultRuleErrors(before: before, after: after)
    if !errors.isEmpty {
      throw Problem.unprocessable(.oneDefaultLeaveType).with(errors: errors)
    }
  }

  private static func body(_ type: LeaveType) -> LeaveTypeBody {
    LeaveTypeBody(
      id: type.id, name: type.name, countsAgainstAllowance: type.countsAgainstAllowance,
      needsApproval: type.needsApproval, active: type.isActive, default: type.isDefault)
  }
}
