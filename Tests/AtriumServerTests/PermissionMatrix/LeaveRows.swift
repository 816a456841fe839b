import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `leave` section's routes.
  static let leaveRows: [Row] = [
    Row("myLeave", [401, 200, 200, 200, 200, 200]) { _ in .leave(.mine(year: nil)) },
    Row("previewLeave", [401, 200, 200, 200, 200, 200]) { _ in
      .leave(
        .preview(
          LeaveQuery(
            start: CalendarDate(year: 2026, month: 6, day: 1)!, end: CalendarDate(year: 2026, month: 6, day: 2)!)
        ))
    },
    Row("createLeave", [401, 201, 201, 201, 201, 201], body: .json(#"{"start": "2026-06-01", "end": "2026-06-02"}"#)) {
      _ in
      .leave(.create)
    },
    Row("leave", [401, 200, 200, 404, 404, 200]) { .leave(.detail(id: $0.pendingRequest)) },
    Row("changeLeave", [401, 200, 403, 404, 404, 403], body: .json(#"{"end": "2026-04-07"}"#)) {
      .leave(.change(id: $0.pendingRequest))
    },
    Row("cancelLeave", [401, 200, 403, 404, 404, 403], body: .json("{}")) { .leave(.cancel(id: $0.pendingRequest)) },
    Row("personLeave", [401, 200, 200, 404, 404, 200]) { .leave(.ofPerson(id: $0.eva, year: nil)) },
  ]
}
