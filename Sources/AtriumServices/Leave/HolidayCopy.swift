import AtriumAPI
import AtriumDomain
import AtriumStore

/// Copying a location's holidays from one year to the next, the way admins set up a new year:
/// each holiday on the same day and month, those already there left as they are. Holidays that
/// move (Easter) must be checked by hand, which the page says.
extension LeaveSettingsService {
  package struct CopiedHolidays: Hashable, Sendable {
    package let copied: Int
    /// Already there that year, or 29 February in a year without it.
    package let skipped: Int
  }

  package func copyHolidays(
    locationID: String, from year: Int, to target: Int, by principal: Principal
  ) throws -> CopiedHolidays {
    try requireAdmin(principal, to: "manage holidays")
    return try environment.database.write { connection in
      guard try PlacesStore(connection).location(id: locationID) != nil else {
        throw Problem.invalid(ValidationFailure([FieldError(field: "locationId", rule: .notA(.location))]))
      }
      let store = LeaveSettingsStore(connection)
      let taken = Set(try store.holidays(locationID: locationID, year: target).map(\.holiday.date))
      var copied = 0
      var skipped = 0
      for stored in try store.holidays(locationID: locationID, year: year) {
        let source = stored.holiday
        guard let date = CalendarDate(year: target, month: source.date.month, day: source.date.day),
          !taken.contains(date)
        else {
          skipped += 1
          continue
        }
        let id = environment.makeID()
        try store.insertHoliday(
          id: id, locationID: locationID, Holiday(date: date, name: source.name, half: source.half))
        try audit.record(
          "holiday.create", target: ("holiday", id),
          after: HolidayBody(id: id, locationId: locationID, date: date, name: source.name, half: source.half),
          by: principal, connection: connection)
        copied += 1
      }
      if copied > 0 { try recountRequests(at: locationID, connection: connection) }
      return CopiedHolidays(copied: copied, skipped: skipped)
    }
  }
}
