import AtriumDomain
import AtriumSQL
import AtriumStore

/// The app icon's number: a person's unread notices since their last badge reset, the same for
/// `GET /me/badge` and for the badge a push carries.
enum BoardBadge {
  static func reader(_ person: Employee, settings: SettingsStore.Settings) -> BoardStore.Reader {
    BoardStore.Reader(
      employeeID: person.id, departmentID: person.departmentID, locationID: person.locationID,
      readsCompanyNotices: settings.choice(for: .companyNotices).board)
  }

  /// The badge of `employeeID` now; 0 for someone who is no longer there.
  static func sinceReset(employeeID: String, now: Int64, connection: any DatabaseConnection) throws -> Int {
    guard let person = try PeopleStore(connection).employee(id: employeeID) else { return 0 }
    let settings = try SettingsStore(connection).settings(employeeID: employeeID)
    return try BoardStore(connection).unreadCount(
      for: reader(person, settings: settings), now: now, since: settings.badgeResetAt
    ).since
  }
}

/// What a person's unread company notices are counted for (`InstanceMemory.companyUnread`): who
/// reads, which decides the notices they see, and since when the badge counts.
package struct UnreadCountKey: Hashable, Sendable {
  let reader: BoardStore.Reader
  let since: Int64
}
