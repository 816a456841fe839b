import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `calendar` section's routes.
  static let calendarRows: [Row] = [
    Row("teamCalendar", [401, 200, 200, 200, 200, 200]) { _ in
      .calendar(.team(month: nil, departmentID: nil, locationID: nil))
    },
    Row("myCalendar", [401, 200, 200, 200, 200, 200]) { _ in .calendar(.mine) },
    Row("rotateCalendar", [401, 200, 200, 200, 200, 200]) { _ in .calendar(.rotate) },
    Row("calendarFeed", [200, 200, 200, 200, 200, 200]) {
      .calendar(.feed(token: $0.evasFeedToken, team: false, includePending: false))
    },
  ]
}
