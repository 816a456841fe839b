import AtriumAPI
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `tasks` section's routes: everyone keeps their own; someone else's task answers as one
  /// that does not exist.
  static let taskRows: [Row] = [
    Row(
      "applyTaskOps", [401, 200, 200, 200, 200, 200],
      body: .json(
        #"{"ops": [{"opId": "99999999-2222-4333-8444-555555555555", "taskId": "99999999-2222-4333-8444-777777777777", "kind": "create", "fields": {"title": "Water the plants"}}]}"#
      )
    ) { _ in .tasks(.ops) },
    Row("tasks", [401, 200, 200, 200, 200, 200]) { _ in .tasks(.list(.first)) },
    Row("taskChanges", [401, 200, 200, 200, 200, 200]) { _ in .tasks(.changes(since: 0, limit: 100)) },
    Row("task", [401, 200, 404, 404, 404, 404]) { .tasks(.show(id: $0.evasTask)) },
    Row("resolveTaskConflict", [401, 200, 404, 404, 404, 404], body: .json(#"{"field": "title", "choice": "theirs"}"#))
    {
      .tasks(.resolve(id: $0.evasTask))
    },
  ]
}

extension PermissionMatrixTests {
  /// Changes to one task, which need `If-Match` (the matrix sends none: 428 for its owner), and
  /// giving eva a task (her manager and the admins may).
  static let singleTaskRows: [Row] = [
    Row("updateTask", [401, 428, 404, 404, 404, 404], body: .json(#"{"title": "Call the bank today"}"#)) {
      .tasks(.update(id: $0.evasTask))
    },
    Row("deleteTask", [401, 428, 404, 404, 404, 404]) { .tasks(.delete(id: $0.evasTask)) },
    Row(
      "assignTask", [401, 403, 201, 403, 403, 201], body: .json(#"{"title": "Sign the contract", "due": "2026-03-09"}"#)
    ) {
      .tasks(.assign(personID: $0.eva))
    },
  ]
}
