import AtriumDomain
import AtriumMessages
import AtriumStore

extension RegisteredNotificationKind {
  /// A decision on one's own request (approved, rejected, back to pending, cancelled by a manager).
  public static let leaveDecisions = RegisteredNotificationKind(
    .leaveDecisions, name: { PageText.leaveDecisions.text(in: $0) },
    collapsed: { (PushText.requestsDecided($0).text(in: $1), "/time-off") })

  /// A request waiting for one's decision. Its digest part is what waits now, oldest first,
  /// whenever it was asked: a request still waiting is still news.
  public static let approvalsWaiting = RegisteredNotificationKind(
    .approvalsWaiting, name: { PageText.approvalsWaiting.text(in: $0) },
    collapsed: { (DigestText.requestsWaiting($0).text(in: $1), "/approvals") },
    digest: { request in
      guard let scope = LeaveQueries.scope(of: request.person) else { return nil }
      let store = ApprovalsStore(request.connection)
      let count = try store.pendingCount(scope: scope)
      guard count > 0 else { return nil }
      let shown = try store.page(scope: scope, status: .pending, limit: digestLines, after: nil).items
      let types = try LeaveSettingsStore(request.connection).leaveTypes()
      let wording = Wording(request.language)
      let lines = shown.map { item in
        let type = types.first { $0.id == item.stored.request.typeID }?.name ?? ""
        return "\(item.employee.displayName) — \(type), \(wording.span(item.stored.request.span))"
      }
      return DigestSection(
        heading: DigestText.requestsWaiting(count).text(in: request.language),
        lines: lines
          + (count > shown.count ? [DigestText.andMore(count - shown.count).text(in: request.language)] : []),
        path: "/approvals")
    })

  /// The most items a digest part lists; "… and N more" says the rest.
  static let digestLines = 10
}
