import AtriumAPI
import AtriumHTML
import AtriumServices

/// The frame around every page: the header with the company, the signed-in person and the
/// board's badge, the menu (a drawer on narrow screens, a side column on wide ones), and the
/// page's own content in `main`.
package enum Layout {
  package static func page(_ title: String, _ context: WebContext, _ content: [Node]) -> Node {
    .html(
      [.lang(context.language.rawValue)],
      [
        .head([
          .meta([Attribute("charset", "utf-8")]),
          .meta([.name("viewport"), Attribute("content", "width=device-width, initial-scale=1")]),
          .title("\(title) · \(context.companyName)"),
          .link([.rel("stylesheet"), .href(WebPage.stylesheet.href)]),
          .script(src: WebPage.script.href),
        ]),
        .body(
          [.data("live", "1")],
          [
            .a(
              [.class("skip"), .href("#content")],
              [.text(context.language == .es ? "Ir al contenido" : "Skip to content")]),
            header(context),
            .div(
              [.class("layout")],
              [
                .nav([.class("side"), .ariaLabel(context(.menu))], [menu(context)]),
                .main([.id("content")], [.h1([], [.text(title)])] + content),
              ]),
          ]),
      ])
  }

  /// A page without the menu: sign-in and errors before sign-in.
  package static func bare(_ title: String, _ context: WebContext, _ content: [Node]) -> Node {
    .html(
      [.lang(context.language.rawValue)],
      [
        .head([
          .meta([Attribute("charset", "utf-8")]),
          .meta([.name("viewport"), Attribute("content", "width=device-width, initial-scale=1")]),
          .title("\(title) · \(context.companyName)"),
          .link([.rel("stylesheet"), .href(WebPage.stylesheet.href)]),
        ]),
        .body([], [.main([.id("content"), .class("signin")], [.h1([], [.text(title)])] + content)]),
      ])
  }

  private static func header(_ context: WebContext) -> Node {
    guard let employee = context.employee else { return .empty }
    return .header(
      [.class("top")],
      [
        .tag(
          "details", [.class("drawer")],
          [
            .tag("summary", [.ariaLabel(context(.menu))], [.text("☰ " + context(.menu))]),
            menu(context, signOut: true),
          ]),
        .a([.class("company"), .href(WebPage.home.href)], [.text(context.companyName)]),
        .a(
          [.href(WebPage.board.href), .ariaLabel(context(.unread(context.unread))), .data("badge", "")],
          [
            .text(context(.board)),
            context.unread > 0 ? .span([.class("badge")], [.text(String(context.unread))]) : .empty,
          ]
        ),
        .a(
          [.class("me"), .href(WebPage.profile.href)],
          [
            .img([
              .class("avatar"), .alt(""),
              .src(PhotoService.address(of: employee.id, photoID: employee.photoID)),
            ]),
            .span([], [.text(employee.displayName)]),
          ]),
        context.form(.signOut, [], [.button([.type("submit"), .class("secondary")], [.text(context(.signOut))])]),
      ])
  }

  /// The sections; the drawer (narrow screens) also holds sign-out, which the header has no
  /// room for there.
  private static func menu(_ context: WebContext, signOut: Bool = false) -> Node {
    var items: [(WebPage, Text)] = [
      (.home, .home), (.timeOff(year: nil), .timeOff), (.board, .board),
      (.team(query: nil, department: nil, location: nil), .team),
      (.calendar(month: nil, department: nil, location: nil), .teamCalendar),
    ]
    if context.decides { items.append((.approvals(.pending), .approvals)) }
    items += [(.company, .company), (.settings, .settings), (.profile, .profile)]
    if context.employee?.role == .admin { items.append((.admin, .admin)) }
    return .ul(
      [.class("menu")],
      items.map { page, label in
        let isCurrent = context.current.map { Self.section(of: $0) == Self.section(of: page) } ?? false
        return .li([], [.a([.href(page.href)] + (isCurrent ? [.ariaCurrent("page")] : []), [.text(context(label))])])
      }
        + (signOut
          ? [
            .li(
              [],
              [
                context.form(
                  .signOut, [], [.button([.type("submit"), .class("secondary")], [.text(context(.signOut))])])
              ])
          ] : []))
  }

  /// Which menu entry a page belongs to.
  private static func section(of page: WebPage) -> String {
    switch page {
    case .home, .createPost: "home"
    case .timeOff, .requestLeave, .cancelLeave, .editLeave, .changeLeave: "time-off"
    case .board, .markRead, .markAllRead: "board"
    case .approvals, .decide, .requestDetail: "approvals"
    case .team, .person, .personTimeOff: "team"
    case .profile, .editProfile, .saveProfile, .uploadPhoto: "profile"
    case .company: "company"
    case .calendar: "calendar"
    case .admin, .adminPeople, .adminNewPerson, .adminCreatePerson, .adminPerson, .adminUpdatePerson,
      .adminResetPassword, .adminPlaces, .adminCreateLocation, .adminCreateDepartment, .adminDeleteLocation,
      .adminDeleteDepartment, .adminCompany, .adminSaveCompany, .adminFeeds, .adminAddFeed, .adminRefreshFeed,
      .adminDeleteFeed, .adminAudit, .adminLeave, .adminSavePolicy, .adminAddLeaveType, .adminToggleLeaveType,
      .adminAddHoliday, .adminDeleteHoliday, .adminSetAllowance, .adminImport, .adminRunImport, .adminRenameLocation,
      .adminRenameDepartment,
      .adminRenameLeaveType:
      "admin"
    case .settings, .saveSettings, .rotateCalendar, .deleteDevice, .resetBadge: "settings"
    default: "other"
    }
  }
}
