import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `leaveSettings` section's routes.
  static let leaveSettingsRows: [Row] = [
    Row("setAllowance", [401, 403, 403, 403, 403, 200], body: .json(#"{"days": 30}"#)) {
      .leaveSettings(.setAllowance(id: $0.eva, year: 2026))
    },
    Row("holidays", [401, 200, 200, 200, 200, 200]) { _ in .leaveSettings(.holidays(locationID: nil, year: nil)) },
    Row(
      "createHoliday", [401, 403, 403, 403, 403, 201],
      body: .json(#"{"locationId": "LOC", "date": "2026-08-15", "name": "Asunción"}"#)
    ) { _ in
      .leaveSettings(.createHoliday)
    },
    Row("deleteHoliday", [401, 403, 403, 403, 403, 204]) { .leaveSettings(.deleteHoliday(id: $0.holiday)) },
    Row("leaveTypes", [401, 200, 200, 200, 200, 200]) { _ in .leaveSettings(.leaveTypes) },
    Row("createLeaveType", [401, 403, 403, 403, 403, 201], body: .json(#"{"name": "Training"}"#)) { _ in
      .leaveSettings(.createLeaveType)
    },
    Row("updateLeaveType", [401, 403, 403, 403, 403, 200], body: .json(#"{"needsApproval": true}"#)) {
      .leaveSettings(.updateLeaveType(id: $0.leaveType))
    },
    Row("leavePolicy", [401, 200, 200, 200, 200, 200]) { _ in .leaveSettings(.policy(year: nil)) },
    Row("leavePolicyHistory", [401, 200, 200, 200, 200, 200]) { _ in .leaveSettings(.policyHistory) },
    Row("updateLeavePolicy", [401, 403, 403, 403, 403, 200], body: .json(#"{"carryOverDays": 3}"#)) { _ in
      .leaveSettings(.updatePolicy)
    },
  ]
}
