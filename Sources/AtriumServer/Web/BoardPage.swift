import AtriumAPI
import AtriumHTML

/// The board: the reader's notices, unread ones marked, with mark read and mark all read.
enum BoardPage {
  static func render(_ context: WebContext, items: [BoardItem]) -> Node {
    Layout.page(
      context(.board), context,
      [
        items.contains { !$0.read } ? context.button(.markAllRead, .markAllRead, style: "secondary") : .empty,
        items.isEmpty
          ? .p([.class("muted")], [.text(context(.noNotices))])
          : .ul([.class("list")], items.map { notice(context, $0) }),
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
            .text(" " + String(item.createdAt.prefix(10))),
            item.author.map { .text(" · " + $0.displayName) } ?? .empty,
          ]),
        .h3([], [.text(item.title)]),
        // The body is rendered by the board's own safe Markdown subset, which escapes everything.
        .div([.class("body")], [.trusted(item.bodyHTML)]),
        item.read ? .empty : context.button(.markRead(id: item.id), .markRead, style: "secondary"),
      ])
  }
}
