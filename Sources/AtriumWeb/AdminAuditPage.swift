import AtriumAPI
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The audit log as HR reads it: who did what to whom in words, what changed field by field,
/// filters by person, action and days, and the same entries as a CSV file.
extension AdminPages {
  package static func audit(
    _ context: WebContext, _ page: AtriumAPI.Page<AuditEntry>, query: AuditQuery, error: String? = nil
  ) -> Node {
    Layout.page(
      context(.auditLog), context,
      [
        filters(context, query),
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        page.items.isEmpty
          ? .p([.class("muted")], [.text(context(AuditText.noEntries))])
          : .ul([.class("list"), .id("audit")], page.items.map { entry(context, $0) }),
        page.nextCursor.map { cursor in
          var next = query
          next.cursor = cursor
          return .a([.class("button secondary"), .href(WebPage.admin(.audit(next)).href)], [.text(context(.more))])
        } ?? .empty,
      ])
  }

  private static func entry(_ context: WebContext, _ entry: AuditEntry) -> Node {
    let changes = AuditReading.changes(entry)
    return .li(
      [.data("action", entry.action)],
      [
        .p(
          [],
          [
            .strong([
              .text(
                context(
                  AuditText.did(
                    actor: entry.actor.displayName, action: entry.action, target: AuditReading.targetName(entry))))
            ]),
            .text(" · "),
            .time(
              [Attribute("datetime", entry.at)],
              [.text(entry.at.prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC")]),
          ]),
        changes.isEmpty
          ? .empty
          : .ul(
            [.class("changes")],
            changes.map { change in
              .li(
                [],
                [
                  .tag("code", [], [.text(change.field)]),
                  .text(
                    ": \(change.before.isEmpty ? "—" : change.before) → \(change.after.isEmpty ? "—" : change.after)"),
                ])
            }),
      ])
  }

  private static func filters(_ context: WebContext, _ query: AuditQuery) -> Node {
    var export = query
    export.cursor = nil
    return .form(
      [.method("get"), .action(WebPage.admin(.audit(AuditQuery())).path), .class("row fields card")],
      [
        field(
          "audit-person", context(AuditText.person),
          .input([.type("text"), .id("audit-person"), .name("person"), .value(query.person ?? "")])),
        field(
          "audit-action", context(AuditText.action),
          .select(
            [.id("audit-action"), .name("action")],
            [.option([.value("")], context(AuditText.anyAction))]
              + AuditText.actions.keys.sorted().map { code in
                .option(
                  [.value(code)] + (code == query.action ? [.selected] : []),
                  context(AuditText.did(actor: "…", action: code, target: "…")))
              })),
        field(
          "audit-from", context(AuditText.from),
          .input([.type("date"), .id("audit-from"), .name("from"), .value(query.from ?? "")])),
        field(
          "audit-to", context(AuditText.to),
          .input([.type("date"), .id("audit-to"), .name("to"), .value(query.to ?? "")])),
        .button([.type("submit"), .class("secondary")], [.text(context(AuditText.filter))]),
        .a(
          [.class("button secondary"), .href(WebPage.admin(.auditExport(export)).href)],
          [.text(context(AuditText.exportCSV))]),
      ])
  }
}
