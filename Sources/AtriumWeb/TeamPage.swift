import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumServices

/// The team: the directory with search and filters, a person's page with what one can do
/// (call, write, and for their managers and admins see their time off), and that time off.
package enum TeamPage {
  package static func directory(
    _ context: WebContext, page: WebPage, people: [PersonSummary], departments: [DepartmentBody],
    locations: [LocationBody]
  ) -> Node {
    guard case .team(.directory(let query, let department, let location)) = page else { return .empty }
    return Layout.page(
      context(.team), context,
      [
        .form(
          [
            .method("get"), .action(WebPage.team(.directory(query: nil, department: nil, location: nil)).path),
            .class("stack card"),
          ],
          [
            .label([.for("query")], [.text(context(.search))]),
            .input([
              .type("text"), .id("query"), .name("query"), .value(query ?? ""),
              Attribute("placeholder", context(.searchPeople)), Attribute("enterkeyhint", "search"),
            ]),
            .div(
              [.class("grid2")],
              [
                select(
                  "department", context(.department), context(.allDepartments), departments.map { ($0.id, $0.name) },
                  selected: department),
                select(
                  "location", context(.location), context(.allLocations), locations.map { ($0.id, $0.name) },
                  selected: location),
              ]),
            .p([], [.button([.type("submit")], [.text(context(.search))])]),
          ]),
        people.isEmpty
          ? .p([.class("muted")], [.text(context(.nobodyFound))])
          : .ul(
            [.class("list"), .id("people")],
            people.map { person in
              .li(
                [],
                [
                  .a(
                    [.href(WebPage.team(.person(id: person.id)).href), .class("row")],
                    [
                      .img([.class("avatar"), .alt(""), .src(person.photoURL)]),
                      .strong([.text(person.displayName)]),
                      .span(
                        [.class("muted")],
                        [.text("\(person.position) · \(person.department.name) · \(person.location.name)")]),
                    ])
                ])
            }),
      ])
  }

  private static func select(
    _ name: String, _ label: String, _ any: String, _ choices: [(String, String)], selected: String?
  ) -> Node {
    .div(
      [],
      [
        .label([.for(name)], [.text(label)]),
        .select(
          [.id(name), .name(name)],
          [.option([.value("")], any)]
            + choices.map { id, title in .option([.value(id)] + (id == selected ? [.selected] : []), title) }),
      ])
  }

  /// A person's profile with the actions sections offer on it (`WebExtensions.personActions`).
  package static func person(_ context: WebContext, _ person: PersonProfile, actions: [Node]) -> Node {
    return Layout.page(
      person.displayName, context,
      [
        .div(
          [.class("card row")],
          [
            .img([
              .class("portrait"), .alt(person.displayName),
              .src(person.photoURL.replacingOccurrences(of: "size=96", with: "size=512")),
            ]),
            .div([], [.h2([], [.text(person.displayName)]), .p([.class("muted")], [.text(person.position)])]),
          ]),
        .div([.class("row")], actions),
        .dl(
          [.class("details card")],
          [
            .dt([.text(context(.department))]), .dd([], [.text(person.department.name)]),
            .dt([.text(context(.location))]), .dd([], [.text(person.location.name)]),
            .dt([.text(context(.email))]), .dd([], [.text(person.email)]),
            .dt([.text(context(.phone))]), .dd([], [.text(person.phone)]),
            .dt([.text(context(.manager))]), .dd([], [.text(person.manager?.displayName ?? "—")]),
            .dt([.text(context(.startDate))]), .dd([], [.text(person.startDate.map(context.date) ?? "—")]),
          ]),
        person.bio.isEmpty
          ? .empty : .section([.class("card")], [.h2([], [.text(context(.bio))]), .p([], [.text(person.bio)])]),
      ])
  }

  /// Someone's time off as their manager or an admin sees it: figures and requests by year.
  package static func timeOff(_ context: WebContext, id: String, year: LeaveYear) -> Node {
    let name = year.employee?.displayName ?? ""
    return Layout.page(
      "\(context(.timeOff)) · \(name)", context,
      [
        .div(
          [.class("card row")],
          [
            .img([.class("avatar"), .alt(""), .src(year.employee?.photoURL ?? "")]),
            .strong([.text(name)]), .span([.class("muted")], [.text(year.employee?.position ?? "")]),
          ]),
        .nav(
          [.class("row"), .ariaLabel(context(.year))],
          [
            .a(
              [.href(WebPage.team(.timeOff(id: id, year: year.year - 1)).href), .class("button secondary")],
              [.text("‹ \(year.year - 1)")]),
            .strong([.text(String(year.year))]),
            .a(
              [.href(WebPage.team(.timeOff(id: id, year: year.year + 1)).href), .class("button secondary")],
              [.text("\(year.year + 1) ›")]),
          ]),
        TimeOffPage.figures(context, year),
        .h2([], [.text(context(.requests))]),
        TimeOffPage.requestList(context, year.requests, cancellable: false),
      ])
  }
}
