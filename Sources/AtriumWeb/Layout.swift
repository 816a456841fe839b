import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The frame around every page: the header with the company, the signed-in person and the
/// board's badge, the menu (a drawer on narrow screens, a side column on wide ones), and the
/// page's own content in `main`.
package enum Layout {
  /// The page's own content inside the frame, which is rendered once for each `FrameKey` and
  /// kept: every page of a session has the same frame but for its title and section.
  package static func page(_ title: String, _ context: WebContext, _ content: [Node]) -> Node {
    let frame = frames.markup(for: FrameKey(title: title, context)) { Self.frame(title, context).renderAroundHole() }
    return .fragment(
      [.trusted(frame.before), .h1([], [.text(title)])]
        + (context.flash.map { [.p([.class("flash"), Attribute("role", "status")], [.text($0)])] } ?? [])
        + content + [.trusted(frame.after)])
  }

  /// Everything a frame is made from: `frame(_:_:)` reads nothing else of the context.
  private struct FrameKey: Hashable, Sendable {
    let title: ExactText
    let language: Language
    let companyName: ExactText
    let employeeID: ExactText?
    /// What `Employee.displayName` is made from (not made here at every page).
    let firstName: ExactText?
    let lastName: ExactText?
    let username: ExactText?
    let photoID: ExactText?
    let role: Role?
    let unread: Int
    let waiting: Int
    let section: String?
    let csrfToken: ExactText?

    init(title: String, _ context: WebContext) {
      self.title = ExactText(title)
      language = context.language
      companyName = ExactText(context.companyName)
      let employee = context.employee
      employeeID = employee.map { ExactText($0.id) }
      firstName = employee.map { ExactText($0.firstName) }
      lastName = employee.map { ExactText($0.lastName) }
      username = employee.map { ExactText($0.username) }
      photoID = employee?.photoID.map(ExactText.init)
      role = employee?.role
      unread = context.unread
      waiting = context.waiting
      section = context.current.map { Layout.section(of: $0, context) }
      csrfToken = context.visitor.map { ExactText($0.csrfToken) }
    }

    /// The session, the title and the counts tell frames apart; `==` compares the rest.
    func hash(into hasher: inout Hasher) {
      hasher.combine(csrfToken)
      hasher.combine(title)
      hasher.combine(unread)
      hasher.combine(waiting)
    }
  }

  /// A frame names a session (its forms' token): as many as sessions browsing at once.
  private static let frames = KeptMarkup<FrameKey, (before: String, after: String)>(limit: 4_096)

  /// The document, with a hole where the page's heading and content go.
  private static func frame(_ title: String, _ context: WebContext) -> Node {
    .html(
      [.lang(context.language.rawValue)],
      [
        head(title, context, withScript: true),
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
                .main([.id("content")], [.hole]),
              ]),
          ]),
      ])
  }

  /// The document head; pages with the menu also load the script (live updates, swipes).
  private static func head(_ title: String, _ context: WebContext, withScript: Bool) -> Node {
    .head(
      [
        .meta([Attribute("charset", "utf-8")]),
        .meta([.name("viewport"), Attribute("content", "width=device-width, initial-scale=1")]),
        .title("\(title) · \(context.companyName)"),
        .link([.rel("stylesheet"), .href(WebPage.assets(.stylesheet).href)]),
      ] + (withScript ? [.script(src: WebPage.assets(.script).href)] : []))
  }

  /// A page without the menu: sign-in and errors before sign-in.
  package static func bare(_ title: String, _ context: WebContext, _ content: [Node]) -> Node {
    .html(
      [.lang(context.language.rawValue)],
      [
        head(title, context, withScript: false),
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
        .a([.class("company"), .href(WebPage.home(.timeline).href)], [.text(context.companyName)]),
        .a(
          [.href(WebPage.board(.notices).href), .ariaLabel(context(.unread(context.unread))), .data("badge", "")],
          [
            .text(context(.board)),
            context.unread > 0 ? .span([.class("badge")], [.text(String(context.unread))]) : .empty,
          ]
        ),
        .a(
          // Named for screen readers: on a phone only the photo shows.
          [
            .class("me"), .href(WebPage.profile(.mine).href),
            .ariaLabel("\(context(.profile)): \(employee.displayName)"),
          ],
          [
            .img([
              .class("avatar"), .alt(""),
              .src(PhotoService.address(of: employee.id, photoID: employee.photoID)),
            ]),
            .span([], [.text(employee.displayName)]),
          ]),
        context.form(
          .account(.signOut), [], [.button([.type("submit"), .class("secondary")], [.text(context(.signOut))])]),
      ])
  }

  /// Which menu entry a page belongs to: its section's; one's own page in the directory is
  /// "My profile", not "Team".
  static func section(of page: WebPage, _ context: WebContext) -> String {
    if case .team(.person(let id)) = page, id == context.employee?.id { return "profile" }
    return switch page {
    case .home: "home"
    case .timeOff: "time-off"
    case .board: "board"
    case .approvals: "approvals"
    case .team: "team"
    case .profile: "profile"
    case .company: "company"
    case .calendar: "calendar"
    case .settings: "settings"
    case .admin: "admin"
    case .presence(let page): page.isForAdmins ? "admin" : "where"
    case .tasks(.giveForm), .tasks(.give): "team"
    case .tasks: "tasks"
    case .sensors: "sensors"
    case .account, .assets: "other"
    }
  }

}
