import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumServices

/// Approvals for managers and admins: tabs by status, pending first, with approve and reject
/// on each pending row and "back to pending" on decided ones.
package enum ApprovalsPage {
  package static func render(
    _ context: WebContext, filter: ApprovalFilter, items: [ApprovalItem], error: String? = nil
  ) -> Node {
    let tabs: [(ApprovalFilter, Text)] = [
      (.pending, .pendingTab), (.approved, .approvedTab), (.rejected, .rejectedTab), (.cancelled, .cancelledTab),
      (.all, .allTab),
    ]
    return Layout.page(
      context(.approvals), context,
      [
        .ul(
          [.class("tabs")],
          tabs.map { tab, label in
            .li(
              [],
              [
                .a(
                  [.href(WebPage.approvals(.list(tab)).href)] + (tab == filter ? [.ariaCurrent("page")] : []),
                  [.text(context(label))])
              ])
          }),
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        // The region the page's script replaces when a live event says the list changed.
        .div(
          [.id("approvals-region")],
          [
            items.isEmpty
              ? .p([.class("muted")], [.text(context(.noApprovals))])
              : .ul([.class("list"), .id("approvals")], items.map { row(context, $0) })
          ]),
      ])
  }

  private static func row(_ context: WebContext, _ item: ApprovalItem) -> Node {
    let request = item.request
    let dates = context.dates(of: request)
    var actions: [Node] = []
    // Marks the forms the page's script sends in place.
    let decision = [Attribute.data("decision", "")]
    if request.status == .pending {
      actions = [
        context.button(.approvals(.decide(id: request.id, action: .approve)), .approve, attributes: decision),
        context.button(
          .approvals(.decide(id: request.id, action: .reject)), .reject, style: "danger", attributes: decision),
      ]
    } else if request.status == .approved || request.status == .rejected {
      actions = [
        context.button(
          .approvals(.decide(id: request.id, action: .reopen)), .reopen, style: "secondary", attributes: decision)
      ]
    }
    return .li(
      [.id("approval-\(request.id)"), .data("status", request.status.rawValue)],
      [
        .p(
          [.class("row")],
          [
            .img([.class("avatar"), .alt(""), .src(item.employee.photoURL)]),
            .a([.href(WebPage.approvals(.detail(id: request.id)).href)], [.strong([.text(item.employee.displayName)])]),
            .span([.class("status \(request.status.rawValue)")], [.text(context(.status(request.status)))]),
          ]),
        .p(
          [],
          [
            .text(dates + " · "), .span([.class("type")], [.text(request.type.name)]),
            .text(" · " + context(.workingDays(context.days(request.days)))),
          ]),
        request.note.isEmpty ? .empty : .p([.class("muted")], [.text(request.note)]),
        .div([.class("row actions")], actions),
      ])
  }
}
