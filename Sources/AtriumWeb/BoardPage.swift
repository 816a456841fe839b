import AtriumAPI
import AtriumHTML
import AtriumServices

/// The board: the reader's notices, unread ones marked, with mark read and mark all read.
package enum BoardPage {
  /// What an admin typed into the notice form, kept when it comes back with an error.
  package struct Draft: Sendable {
    package var title = ""
    package var body = ""
    package var audience = "everyone"
    package var expires = ""
  }

  package static func render(
    _ context: WebContext, items: [BoardItem],
    places: (departments: [DepartmentBody], locations: [LocationBody])? = nil,
    draft: Draft = Draft(), error: String? = nil
  ) -> Node {
    Layout.page(
      context(.board), context,
      [
        places.map { noticeForm(context, $0.departments, $0.locations, draft: draft, error: error) } ?? .empty,
        items.contains { !$0.read } ? context.button(.board(.markAllRead), .markAllRead, style: "secondary") : .empty,
        items.isEmpty
          ? .p([.class("muted")], [.text(context(.noNotices))])
          : .ul([.class("list")], items.map { notice(context, $0) }),
      ])
  }

  /// Admins write company notices to everyone, a department or a location.
  private static func noticeForm(
    _ context: WebContext, _ departments: [DepartmentBody], _ locations: [LocationBody], draft: Draft, error: String?
  ) -> Node {
    let audiences =
      [("everyone", context(.everyone))]
      + departments.map { ("department:\($0.id)", "\(context(.department)): \($0.name)") }
      + locations.map { ("location:\($0.id)", "\(context(.location)): \($0.name)") }
    return .tag(
      "details", [.class("card")] + (error == nil ? [] : [Attribute("open", nil)]),
      [
        .tag("summary", [], [.text(context(.writeNotice))]),
        context.form(
          .board(.post), [.class("stack")],
          [
            error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
            .label([.for("notice-title")], [.text(context(.noticeTitle))]),
            .input([
              .type("text"), .id("notice-title"), .name("title"), .value(draft.title), .required,
              Attribute("maxlength", "200"),
            ]),
            .label([.for("notice-body")], [.text(context(.noticeBody))]),
            .textarea(
              [.id("notice-body"), .name("body"), .required, Attribute("aria-describedby", "notice-help")], draft.body),
            .p([.class("muted"), .id("notice-help")], [.text(context(.markdownHelp))]),
            .label([.for("notice-audience")], [.text(context(.audience))]),
            .select(
              [.id("notice-audience"), .name("audience")],
              audiences.map { value, label in
                .option([.value(value)] + (value == draft.audience ? [.selected] : []), label)
              }),
            .label([.for("notice-expires")], [.text(context(.expires))]),
            .input([.type("date"), .id("notice-expires"), .name("expires"), .value(draft.expires)]),
            .p([], [.button([.type("submit")], [.text(context(.publish))])]),
          ]),
      ])
  }

  private static func notice(_ context: WebContext, _ item: BoardItem) -> Node {
    .li(
      [.class(item.read ? "read" : "unread"), .id("notice-\(item.id)")],
      [
        .p(
          [.class("muted")],
          [
            item.read ? .empty : .span([.class("status pending")], [.text(context(.newBadge))]),
            item.done ? .span([.class("status approved")], [.text(context(.done))]) : .empty,
            .text(" " + context.day(of: item.createdAt)),
            item.author.map { .text(" · " + $0.displayName) } ?? .empty,
          ]),
        .h2(
          [.class("item-title")],
          [link(to: item).map { .a([.href($0.href)], [.text(item.title)]) } ?? .text(item.title)]),
        // The body is rendered by the board's own safe Markdown subset, which escapes everything.
        .div([.class("body")], [.trusted(item.bodyHTML)]),
        item.read ? .empty : context.button(.board(.markRead(id: item.id)), .markRead, style: "secondary"),
      ])
  }

  /// A notice about a request opens it: the decider's view for a request that waits, the
  /// person's own request otherwise.
  private static func link(to item: BoardItem) -> WebPage? {
    guard let id = item.requestId else { return nil }
    return item.kind == "approval.waiting" ? .approvals(.detail(id: id)) : .timeOff(.edit(id: id))
  }
}
