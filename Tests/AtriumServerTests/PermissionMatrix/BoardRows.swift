import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `board` section's routes.
  static let boardRows: [Row] = [
    Row("board", [401, 200, 200, 200, 200, 200]) { _ in .board(.notices(unreadOnly: false, page: .first)) },
    Row("postNotice", [401, 403, 403, 403, 403, 201], body: .json(#"{"title": "Fire drill", "body": "At ten."}"#)) {
      _ in
      .board(.post)
    },
    Row("updateNotice", [401, 403, 403, 403, 403, 200], body: .json(#"{"title": "Lunch at two"}"#)) {
      .board(.update(id: $0.companyNotice))
    },
    Row("deleteNotice", [401, 403, 403, 403, 403, 204]) { .board(.delete(id: $0.companyNotice)) },
    Row("markNoticeRead", [401, 204, 404, 404, 404, 404]) { .board(.markRead(id: $0.evasNotice)) },
    Row("markAllNoticesRead", [401, 204, 204, 204, 204, 204]) { _ in .board(.markAllRead) },
    Row("badge", [401, 200, 200, 200, 200, 200]) { _ in .board(.badge) },
    Row("resetBadge", [401, 200, 200, 200, 200, 200]) { _ in .board(.resetBadge) },
  ]
}
