import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The administration pages (admins only, checked on the server for every request): people,
/// locations and departments, company information, timeline feeds and the audit log.
package enum AdminPages {
  package static func index(_ context: WebContext) -> Node {
    let sections: [(WebPage, String)] = [
      (.admin(.people(query: nil)), context(.people)), (.admin(.importForm), context(.importPeople)),
      (.admin(.places), context(.places)), (.presence(.places), context(PresenceText.campuses)),
      (.admin(.company), context(.company)),
      (.admin(.leave(location: nil, year: nil)), context(.leaveSettings)), (.admin(.feeds), context(.feeds)),
      (.admin(.audit(AuditQuery())), context(.auditLog)), (.admin(.mail), context(.mailAndNotifications)),
    ]
    return Layout.page(
      context(.admin), context,
      [.ul([.class("list")], sections.map { page, label in .li([], [.a([.href(page.href)], [.text(label)])]) })]
    )
  }

  // MARK: - People

  package static func people(
    _ context: WebContext, query: String?, people: [PersonSummary], message: String? = nil
  ) -> Node {
    Layout.page(
      context(.people), context,
      [
        message.map { .p([.class("card"), Attribute("role", "status")], [.text($0)]) } ?? .empty,
        .p([], [.a([.class("button"), .href(WebPage.admin(.newPerson).href)], [.text(context(.newPerson))])]),
        .form(
          [.method("get"), .action(WebPage.admin(.people(query: nil)).path), .class("row")],
          [
            .input([
              .type("text"), .name("query"), .value(query ?? ""), .ariaLabel(context(.search)),
              Attribute("placeholder", context(.searchPeople)),
            ]),
            .button([.type("submit"), .class("secondary")], [.text(context(.search))]),
          ]),
        .ul(
          [.class("list"), .id("admin-people")],
          people.map { person in
            .li(
              [],
              [
                .a([.href(WebPage.admin(.person(id: person.id)).href)], [.strong([.text(person.displayName)])]),
                .span([.class("muted")], [.text(" · \(person.position) · \(person.department.name)")]),
              ])
          }),
      ])
  }

  /// The form for a new person or an existing one (with reset password and the active switch).
  package static func person(
    _ context: WebContext, _ person: PersonProfile?, departments: [DepartmentBody], locations: [LocationBody],
    managers: [PersonSummary], errors: [String: String] = [:], message: String? = nil, allowanceYear: Int = 2026,
    offersInvitation: Bool = false
  ) -> Node {
    func field(_ name: String, _ label: Text, _ value: String, type: String = "text", required: Bool = false) -> Node {
      .fragment([
        .label([.for(name)], [.text(context(label))]),
        .input([.type(type), .id(name), .name(name), .value(value)] + (required ? [.required] : [])),
        errors[name].map { .p([.class("error"), .id("\(name)-error")], [.text($0)]) } ?? .empty,
      ])
    }
    func select(
      _ name: String, _ label: Text, _ choices: [(String, String)], _ selected: String?, optional: Bool
    )
      -> Node
    {
      .fragment([
        .label([.for(name)], [.text(context(label))]),
        .select(
          [.id(name), .name(name)],
          (optional ? [.option([.value("")], context(.none))] : [])
            + choices.map { id, title in .option([.value(id)] + (id == selected ? [.selected] : []), title) }),
        errors[name].map { .p([.class("error"), .id("\(name)-error")], [.text($0)]) } ?? .empty,
      ])
    }
    let target: WebPage = person.map { .admin(.updatePerson(id: $0.id)) } ?? .admin(.createPerson)
    return Layout.page(
      person?.displayName ?? context(.newPerson), context,
      [
        message.map { .p([.class("notice-box"), Attribute("role", "status"), .id("message")], [.text($0)]) } ?? .empty,
        context.form(
          target, [.class("stack card")],
          [
            field("username", .username, person?.username ?? "", required: true),
            field("email", .email, person?.email ?? "", type: "email", required: true),
            field("firstName", .firstName, person?.firstName ?? "", required: true),
            field("lastName", .lastName, person?.lastName ?? "", required: true),
            field("position", .position, person?.position ?? ""),
            select(
              "departmentId", .department, departments.map { ($0.id, $0.name) }, person?.department.id, optional: false),
            select("locationId", .location, locations.map { ($0.id, $0.name) }, person?.location.id, optional: false),
            select(
              "managerId", .manager, managers.filter { $0.id != person?.id }.map { ($0.id, $0.displayName) },
              person?.manager?.id, optional: true),
            select(
              "role", .role, Role.allCases.map { ($0.rawValue, context(.roleName($0))) },
              (person?.role ?? .employee).rawValue,
              optional: false),
            field("phone", .phone, person?.phone ?? ""),
            person.map { person in
              .label(
                [.class("row")],
                [
                  .input([.type("checkbox"), .name("active"), .value("on")] + (person.active ? [.checked] : [])),
                  .text(context(.active)),
                ])
            } ?? .empty,
            .p([], [.button([.type("submit")], [.text(context(person == nil ? .create : .save))])]),
          ]),
        person.map { context.button(.admin(.resetPassword(id: $0.id)), .resetPassword, style: "secondary") } ?? .empty,
        // Where mail goes out: a link to choose a password instead of a temporary one.
        offersInvitation
          ? person.map { context.button(.admin(.invite(id: $0.id)), .sendInvitation, style: "secondary") } ?? .empty
          : .empty,
        person.map { allowanceForm(context, $0, year: allowanceYear) } ?? .empty,
        person.map { eraseForm(context, $0) } ?? .empty,
      ])
  }

  /// Erasing someone's data, with what it means and a box that says it was read.
  private static func eraseForm(_ context: WebContext, _ person: PersonProfile) -> Node {
    context.form(
      .admin(.erase(id: person.id)), [.class("stack card")],
      [
        .h2([], [.text(context(ErasureText.erasePerson))]),
        .p([.class("muted")], [.text(context(ErasureText.eraseWarning))]),
        .label(
          [.class("row")],
          [
            .input([.type("checkbox"), .name("understood"), .value("on"), .required]),
            .text(context(ErasureText.eraseWarning)),
          ]),
        .p([], [.button([.type("submit"), .class("danger")], [.text(context(ErasureText.erasePerson))])]),
      ])
  }

  /// A person's allowance for a year, with its fields labelled.
  private static func allowanceForm(_ context: WebContext, _ person: PersonProfile, year: Int) -> Node {
    context.form(
      .admin(.setAllowance(id: person.id)), [.class("row fields card")],
      [
        field(
          "allowance-year", context(.year),
          .input([
            .type("number"), .id("allowance-year"), .name("year"), .value(String(year)), Attribute("min", "2000"),
            Attribute("max", "2100"),
          ])),
        field(
          "allowance-days", context(.days),
          .input([
            .type("number"), .id("allowance-days"), .name("days"), Attribute("step", "0.5"), Attribute("min", "0"),
            Attribute("max", "366"), .required,
          ])),
        .button([.type("submit"), .class("secondary")], [.text(context(.allowanceFor(year)))]),
      ])
  }

  // MARK: - Places

  package static func places(
    _ context: WebContext, locations: [LocationBody], departments: [DepartmentBody], error: String? = nil
  ) -> Node {
    func list(_ items: [(String, String)], rename: (String) -> WebPage, delete: (String) -> WebPage) -> Node {
      .ul(
        [.class("list")],
        items.map { id, name in
          .li(
            [.class("row")],
            [
              context.form(
                rename(id), [.class("row inline")],
                [
                  .input([.type("text"), .name("name"), .value(name), .required, .ariaLabel(context(.name))]),
                  .button([.type("submit"), .class("secondary")], [.text(context(.save))]),
                ]),
              context.button(delete(id), .remove, style: "secondary"),
            ])
        })
    }
    return Layout.page(
      context(.places), context,
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        .h2([], [.text(context(.locations))]),
        list(locations.map { ($0.id, $0.name) }, rename: { .admin(.renameLocation(id: $0)) }) {
          .admin(.deleteLocation(id: $0))
        },
        context.form(
          .admin(.createLocation), [.class("row fields")],
          [
            field(
              "location-name", context(.name), .input([.type("text"), .id("location-name"), .name("name"), .required])),
            field(
              "location-zone", context(.timeZone),
              .input([
                .type("text"), .id("location-zone"), .name("timeZone"), Attribute("placeholder", "Europe/Madrid"),
              ])),
            .button([.type("submit")], [.text(context(.add))]),
          ]),
        .h2([], [.text(context(.departments))]),
        list(departments.map { ($0.id, $0.name) }, rename: { .admin(.renameDepartment(id: $0)) }) {
          .admin(.deleteDepartment(id: $0))
        },
        context.form(
          .admin(.createDepartment), [.class("row fields")],
          [
            field(
              "department-name", context(.name),
              .input([.type("text"), .id("department-name"), .name("name"), .required])),
            .button([.type("submit")], [.text(context(.add))]),
          ]),
      ])
  }

  // MARK: - Company

  /// - Parameter below: What follows the company's form (the sign-up settings).
  package static func company(
    _ context: WebContext, _ company: CompanyBody, error: String? = nil, below: [Node] = []
  ) -> Node {
    func field(_ name: String, _ label: Text, _ value: String) -> Node {
      .fragment([
        .label([.for(name)], [.text(context(label))]), .input([.type("text"), .id(name), .name(name), .value(value)]),
      ])
    }
    return Layout.page(
      context(.company), context,
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        context.form(
          .admin(.saveCompany), [.class("stack card")],
          [
            field("name", .name, company.name), field("phone", .phone, company.phone),
            field("email", .email, company.email), field("website", .website, company.website),
            field("address", .address, company.address), field("timeZone", .timeZone, company.timeZone),
            .label([.for("social")], [.text(context(.social))]),
            .textarea(
              [.id("social"), .name("social"), Attribute("placeholder", "mastodon https://social.example/@company")],
              company.social.map { "\($0.network) \($0.url)" }.joined(separator: "\n")),
            .label([.for("passwordMinimumLength")], [.text(context(PasswordText.minimumLabel))]),
            .input([
              .type("number"), .id("passwordMinimumLength"), .name("passwordMinimumLength"),
              .value(String(company.passwordMinimumLength ?? PasswordPolicy.standardMinimum)),
              Attribute("min", String(PasswordPolicy.minimums.lowerBound)),
              Attribute("max", String(PasswordPolicy.minimums.upperBound)),
            ]),
            .p([], [.button([.type("submit")], [.text(context(.save))])]),
          ]),
      ] + below)
  }

  /// Who may sign up themselves: the domains, and the department and location they start in.
  package static func signUpForm(
    _ context: WebContext, _ settings: SignUpSettingsBody, departments: [DepartmentBody], locations: [LocationBody],
    error: String? = nil
  ) -> Node {
    func select(_ name: String, _ label: Text, _ choices: [(String, String)], _ chosen: String?) -> Node {
      .fragment([
        .label([.for(name)], [.text(context(label))]),
        .select(
          [.id(name), .name(name)],
          [.option([.value("")], "—")]
            + choices.map { id, title in .option([.value(id)] + (id == chosen ? [.selected] : []), title) }),
      ])
    }
    return context.form(
      .admin(.saveSignUp), [.class("stack card"), .id("sign-up")],
      [
        .h2([], [.text(context(SignUpText.settingsTitle))]),
        .p([.class("muted")], [.text(context(SignUpText.settingsHelp))]),
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        .label([.for("domains")], [.text(context(SignUpText.domainsLabel))]),
        .input([
          .type("text"), .id("domains"), .name("domains"), .value(settings.domains.joined(separator: ", ")),
          Attribute("placeholder", "atrium-demo.example"),
        ]),
        select("departmentId", .department, departments.map { ($0.id, $0.name) }, settings.departmentId),
        select("locationId", .location, locations.map { ($0.id, $0.name) }, settings.locationId),
        .p([], [.button([.type("submit")], [.text(context(.save))])]),
      ])
  }

  // MARK: - Feeds

  package static func feeds(_ context: WebContext, _ feeds: [TimelineFeed], error: String? = nil) -> Node {
    Layout.page(
      context(.feeds), context,
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        .ul(
          [.class("list"), .id("feeds")],
          feeds.map { feed in
            .li(
              [],
              [
                .p([], [.strong([.text(feed.name)]), .text(" · " + feed.url)]),
                .p(
                  [.class(feed.lastError == nil ? "muted" : "error")],
                  [.text(feed.lastError ?? "\(feed.itemCount) · \(feed.lastSuccessAt?.prefix(16) ?? "—")")]),
                .div(
                  [.class("row")],
                  [
                    context.button(.admin(.refreshFeed(id: feed.id)), .refresh, style: "secondary"),
                    context.button(.admin(.deleteFeed(id: feed.id)), .remove, style: "danger"),
                  ]),
              ])
          }),
        context.form(
          .admin(.addFeed), [.class("stack card")],
          [
            .label([.for("feed-name")], [.text(context(.name))]),
            .input([.type("text"), .id("feed-name"), .name("name"), .required]),
            .label([.for("feed-url")], [.text(context(.feedAddress))]),
            .input([.type("url"), .id("feed-url"), .name("url"), .required, Attribute("placeholder", "https://")]),
            .p([], [.button([.type("submit")], [.text(context(.add))])]),
          ]),
      ])
  }

}
