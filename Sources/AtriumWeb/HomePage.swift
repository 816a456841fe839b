import AtriumAPI
import AtriumHTML
import AtriumMessages
import AtriumServices

/// Home, the page people open every morning: what matters today (what waits for them, their
/// days, their team, the board) beside the timeline. On a phone one column, today first.
package enum HomePage {
  /// The home page: the cards sections put there (`WebExtensions.homeCards`), the today cards
  /// most urgent first.
  package static func render(_ context: WebContext, today: [Node], feed: [Node]) -> Node {
    Layout.page(
      context(.home), context,
      [
        .div(
          [.class("home")],
          [
            .section([.class("today"), .ariaLabel(context(HomeText.today))], today),
            .section([.class("feed"), .ariaLabel(context(.timeline))], [.h2([], [.text(context(.timeline))])] + feed),
          ])
      ])
  }

  /// The timeline's card: the form to post (with what was just sent and its error), the feeds
  /// that could not be read, and the posts.
  package static func timelineCard(_ context: WebContext, _ timeline: TimelinePage, draft: HomeCard.Draft) -> Node {
    .fragment([
      context.form(
        .home(.createPost), [.class("stack card")],
        [
          .label([.for("post-text")], [.text(context(.writePost))]),
          draft.error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
          .textarea([.id("post-text"), .name("text"), .required, Attribute("maxlength", "5000")], draft.text),
          .p([], [.button([.type("submit")], [.text(context(.post))])]),
        ]),
      timeline.unavailableFeeds.isEmpty
        ? .empty
        : .div(
          [.class("notice-box"), Attribute("role", "status")],
          [
            .p([], [.text(context(.couldNotLoad))]),
            .ul([], timeline.unavailableFeeds.map { .li([], [.text("\($0.name): \($0.error)")]) }),
          ]),
      timeline.items.isEmpty
        ? .p([.class("muted")], [.text(timeline.emptyReason ?? context(.nothingYet))])
        : .ul([.class("list")], timeline.items.map { item(context, $0) }),
    ])
  }

  private static func item(_ context: WebContext, _ item: TimelineItem) -> Node {
    let who = item.author?.displayName ?? item.source.map { context(.from($0.name)) } ?? ""
    return .li(
      [],
      [
        .p(
          [.class("muted")],
          [
            .strong([.text(who)]), .text(" · "),
            .time([Attribute("datetime", item.createdAt)], [.text(context.day(of: item.createdAt))]),
          ]
        ),
        item.title.map { .h3([], [.text($0)]) } ?? .empty,
        .p([], [.text(item.text)]),
        item.link.map { .a([.href($0), .rel("noopener noreferrer")], [.text($0)]) } ?? .empty,
      ])
  }
}
