import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The cards of the home page that answer "what matters today", each a short section with a
/// heading and a way to the page that has the rest.
enum HomeCards {
  static func approvals(_ context: WebContext, count: Int, oldest: [ApprovalItem]) -> Node {
    card(
      context(.approvals), id: "home-approvals",
      [
        .p([.class("home-figure")], [.text(context(.waiting(count)))]),
        .ul(
          [.class("plain")],
          oldest.map { item in
            .li(
              [],
              [
                .a(
                  [.href(WebPage.approvals(.detail(id: item.request.id)).href)],
                  [.text("\(item.employee.displayName) · \(context.dates(of: item.request))")])
              ])
          }),
        .a(
          [.class("button"), .href(WebPage.approvals(.list(.pending)).href)], [.text(context(HomeText.openApprovals))]),
      ])
  }

  static func timeOff(_ context: WebContext, _ today: LeaveToday) -> Node {
    let next: Node =
      today.next.map { request in
        .p(
          [.id("home-next")],
          [
            .text(
              context(HomeText.nextTimeOff(dates: context.dates(of: request), status: context(.status(request.status))))
            )
          ])
      } ?? .p([.id("home-next"), .class("muted")], [.text(context(HomeText.noTimeOffPlanned))])
    let carried: Node =
      today.carriedToExpire.map { carried in
        .p(
          [.class("notice-box"), .id("home-carried")],
          [.text(context(HomeText.carriedExpire(carried.days, date: context.date(carried.deadline))))])
      } ?? .empty
    let team: [Node] = [
      .p(
        [.id("home-out-today")],
        [
          .text(
            today.outToday.isEmpty
              ? context(HomeText.nobodyOutToday)
              : context(HomeText.outToday(names: today.outToday.map(\.displayName).joined(separator: ", "))))
        ]),
      today.laterThisWeek.isEmpty
        ? .empty
        : .fragment([
          .h3([], [.text(context(HomeText.laterThisWeek))]),
          .ul(
            [.class("plain"), .id("home-later")],
            today.laterThisWeek.map {
              .li([], [.text("\($0.person.displayName) · \(Wording(context.language).span($0.span))")])
            }
          ),
        ]),
    ]
    return .fragment([
      card(
        context(HomeText.myTimeOff), id: "home-time-off",
        [
          .p(
            [.class("home-figure"), .id("home-days-left")],
            [.text(context(HomeText.daysLeft(today.year.remaining, year: today.year.year)))]),
          carried, next,
          .a(
            [.class("button secondary"), .href(WebPage.timeOff(.overview(year: nil)).href)],
            [.text(context(.askForLeave))]),
        ]),
      card(context(HomeText.myTeam), id: "home-team", team),
    ])
  }

  static func board(_ context: WebContext, count: Int, newest: [BoardItem]) -> Node {
    card(
      context(.board), id: "home-board",
      [
        .p([.class("home-figure")], [.text(context(HomeText.unreadOnBoard(count)))]),
        .ul([.class("plain")], newest.map { .li([], [.text($0.title)]) }),
        .a([.class("button secondary"), .href(WebPage.board(.notices).href)], [.text(context(HomeText.openBoard))]),
      ])
  }

  private static func card(_ title: String, id: String, _ content: [Node]) -> Node {
    .section(
      [.class("card home-card"), .id(id), Attribute("aria-labelledby", id + "-title")],
      [.h2([.id(id + "-title")], [.text(title)])] + content)
  }
}
