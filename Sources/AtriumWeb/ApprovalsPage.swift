import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// Approvals for managers and admins: tabs by status, pending first, with approve and reject
/// on each pending row, several pending requests decided at once after a confirmation, and
/// "back to pending" on decided ones.
package enum ApprovalsPage {
  package static func render(
    _ context: WebContext, filter: ApprovalFilter, items: [ApprovalItem], reasonRequired: Bool, error: String? = nil
  ) -> Node {
    let tabs: [(ApprovalFilter, Text)] = [
      (.pending, .pendingTab), (.approved, .approvedTab), (.rejected, .rejectedTab), (.cancelled, .cancelledTab),
      (.all, .allTab),
    ]
    let selectable = items.contains { $0.request.status == .pending }
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
        selectable ? bulkForm(context, reasonRequired: reasonRequired) : .empty,
        // The region the page's script replaces when a live event says the list changed.
        .div(
          [.id("approvals-region")],
          [
            items.isEmpty
              ? .p([.class("muted")], [.text(context(.noApprovals))])
              : .ul(
                [.class("list"), .id("approvals")], items.map { row(context, $0, reasonRequired: reasonRequired) })
          ]),
        context.employee?.role == .admin ? rulesForm(context, reasonRequired: reasonRequired) : .empty,
      ])
  }

  /// Before several requests are decided: which ones, and the button that does it.
  package static func confirm(
    _ context: WebContext, action: DecisionBatch.Action, items: [ApprovalItem], reason: String
  ) -> Node {
    let approve = action == .approve
    return Layout.page(
      context(DecisionText.confirmTitle), context,
      [
        .p([.id("confirm-question")], [.text(context(AppText.confirmBulk(approve: approve, count: items.count)))]),
        .ul(
          [.class("list"), .id("confirm-list")],
          items.map { item in
            .li([], [.text("\(item.employee.displayName) · \(context.dates(of: item.request))")])
          }),
        reason.isEmpty ? .empty : .p([], [.text(context(DecisionText.decisionReason(reason)))]),
        context.form(
          .approvals(.decideSelected), [.class("row")],
          items.map { .input([.type("hidden"), .name("select-\($0.request.id)"), .value("on")]) } + [
            .input([.type("hidden"), .name("action"), .value(action.rawValue)]),
            .input([.type("hidden"), .name("reason"), .value(reason)]),
            .input([.type("hidden"), .name("confirm"), .value("yes")]),
            .button(
              [.type("submit"), .id("confirm"), .class(approve ? "" : "danger")],
              [.text(context(DecisionText.confirmButton(approve: approve, count: items.count)))]),
            .a([.href(WebPage.approvals(.list(.pending)).href), .class("button secondary")], [.text(context(.back))]),
          ]),
      ])
  }

  /// The form the rows' tick boxes belong to (`form="bulk"`).
  private static func bulkForm(_ context: WebContext, reasonRequired: Bool) -> Node {
    context.form(
      .approvals(.decideSelected), [.id("bulk"), .class("card stack")],
      [
        .fieldset(
          [],
          [
            .legend([.text(context(DecisionText.selectedRequests))]),
            .label([.for("bulk-reason")], [.text(context(DecisionText.reason(required: false)))]),
            .textarea(
              [.id("bulk-reason"), .name("reason"), Attribute("maxlength", "2000"), Attribute("rows", "2")], ""),
            .div(
              [.class("row")],
              [
                .button(
                  [.type("submit"), .name("action"), .value("approve")], [.text(context(DecisionText.approveSelected))]),
                .button(
                  [.type("submit"), .name("action"), .value("reject"), .class("danger")],
                  [.text(context(DecisionText.rejectSelected))]),
              ]),
          ])
      ])
  }

  private static func rulesForm(_ context: WebContext, reasonRequired: Bool) -> Node {
    context.form(
      .approvals(.saveRules), [.class("card stack"), .id("approval-rules")],
      [
        .label(
          [],
          [
            .input([.type("checkbox"), .name("reasonRequired"), .value("on")] + (reasonRequired ? [.checked] : [])),
            .text(" " + context(DecisionText.askReason)),
          ]),
        .button([.type("submit"), .class("secondary")], [.text(context(.save))]),
      ])
  }

  private static func row(_ context: WebContext, _ item: ApprovalItem, reasonRequired: Bool) -> Node {
    let request = item.request
    let dates = context.dates(of: request)
    let select: Node =
      request.status == .pending
      ? .input([
        .type("checkbox"), .name("select-\(request.id)"), .value("on"), Attribute("form", "bulk"),
        .ariaLabel(context(DecisionText.select(name: item.employee.displayName, dates: dates))),
      ]) : .empty
    return .li(
      [.id("approval-\(request.id)"), .data("status", request.status.rawValue)],
      [
        .p(
          [.class("row")],
          [
            select,
            .img([.class("avatar"), .alt(""), .src(item.employee.photoURL)]),
            .a([.href(WebPage.approvals(.detail(id: request.id)).href)], [.strong([.text(item.employee.displayName)])]),
            .span([.class("status \(request.status.rawValue)")], [.text(context(.status(request.status)))]),
          ]),
        .p(
          [],
          [
            .text(dates + " · "), .span([.class("type")], [.text(request.type.name)]),
            .text(" · " + context(.workingDays(request.days))),
          ]),
        request.note.isEmpty ? .empty : .p([.class("muted")], [.text(request.note)]),
        (request.decisionReason ?? "").isEmpty
          ? .empty : .p([.class("muted")], [.text(context(DecisionText.decisionReason(request.decisionReason ?? "")))]),
        .div(
          [.class("row actions")],
          DecisionForms.actions(context, request, reasonRequired: reasonRequired, inPlace: true)),
      ])
  }
}
