import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

extension AdminPages {
  /// A policy change from the current year waiting for the admin to confirm it, with how many
  /// people's balances it moves.
  package struct PolicyConfirmation: Sendable {
    package let change: LeavePolicyBody
    package let affectedPeople: Int
  }

  /// Time off settings: the policy with its history, the leave types, and the holidays of a
  /// location and year.
  /// - Parameters:
  ///   - policy: the values the form starts with (the policy of the year a change would start).
  ///   - confirming: a change from this year, shown with its consequence before it is saved.
  package static func leave(
    _ context: WebContext, policy: LeavePolicyBody, history: [LeavePolicyBody], types: [LeaveTypeBody],
    locations: [LocationBody], location: String, year: Int, holidays: [HolidayBody], error: String? = nil,
    holidayError: String? = nil, confirming: PolicyConfirmation? = nil
  ) -> Node {
    func number(_ days: HalfDays?) -> String { days.map { TimeOffPage.format($0) } ?? "" }
    return Layout.page(
      context(.leaveSettings), context,
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        .h2([], [.text(context(.policy))]),
        context.form(
          .admin(.savePolicy), [.class("stack card")],
          [
            confirming.map { pending in
              .p(
                [.class("error"), Attribute("role", "alert"), .id("policy-warning")],
                [
                  .text(context(.policyChangesBalances(pending.affectedPeople, pending.change.fromYear ?? year))),
                  .input([.type("hidden"), .name("confirm"), .value("yes")]),
                ])
            } ?? .empty,
            .label([.for("fromYear")], [.text(context(.fromYear))]),
            .input([
              .type("number"), .id("fromYear"), .name("fromYear"), .value(policy.fromYear.map(String.init) ?? ""),
              Attribute("min", String(year)), .required,
            ]),
            .label([.for("defaultAllowance")], [.text(context(.defaultAllowance))]),
            .input([
              .type("number"), .id("defaultAllowance"), .name("defaultAllowance"),
              .value(number(policy.defaultAllowance)),
              Attribute("step", "0.5"), Attribute("min", "0"),
            ]),
            .label([.for("carryOverDays")], [.text(context(.carryOverDays))]),
            .input([
              .type("number"), .id("carryOverDays"), .name("carryOverDays"), .value(number(policy.carryOverDays)),
              Attribute("step", "0.5"), Attribute("min", "0"),
            ]),
            .label([.for("carryOverUntil")], [.text(context(.carryOverUntil))]),
            .input([.type("text"), .id("carryOverUntil"), .name("carryOverUntil"), .value(policy.carryOverUntil ?? "")]
            ),
            .label(
              [.class("row")],
              [
                .input(
                  [.type("checkbox"), .name("allowNegativeBalance"), .value("on")]
                    + (policy.allowNegativeBalance == true ? [.checked] : [])),
                .text(context(.allowNegative)),
              ]),
            .p([], [.button([.type("submit")], [.text(context(confirming == nil ? .save : .confirmChange))])]),
          ]),
        policyHistory(context, history),
        .h2([], [.text(context(.leaveTypes))]),
        .ul(
          [.class("list"), .id("leave-types")],
          types.map { type in
            .li(
              [.class("row")],
              [
                context.form(
                  .admin(.renameLeaveType(id: type.id)), [.class("row inline")],
                  [
                    .input([.type("text"), .name("name"), .value(type.name), .required, .ariaLabel(context(.name))]),
                    // Each type's switches are a group of their own, named by the type (and named apart
                    // from the other types', as assistive technology groups boxes by name).
                    .fieldset(
                      [.class("row")],
                      [
                        .tag("legend", [.class("visually-hidden")], [.text("\(context(.leaveType)): \(type.name)")]),
                        .label(
                          [.class("row")],
                          [
                            .input(
                              [.type("checkbox"), .name("counts-\(type.id)"), .value("on")]
                                + (type.countsAgainstAllowance ? [.checked] : [])),
                            .text(context(.countsAgainstAllowance)),
                          ]),
                        .label(
                          [.class("row")],
                          [
                            .input(
                              [.type("checkbox"), .name("approval-\(type.id)"), .value("on")]
                                + (type.needsApproval ? [.checked] : [])),
                            .text(context(.needsApproval)),
                          ]),
                      ]),
                    .button([.type("submit"), .class("secondary")], [.text(context(.save))]),
                  ]),
                .span(
                  [.class("muted")],
                  [
                    .text(
                      [
                        type.countsAgainstAllowance ? context(.countsAgainstAllowance) : nil,
                        type.needsApproval ? context(.needsApproval) : nil, type.active ? nil : context(.inactive),
                        type.default ? context(.defaultType) : nil,
                      ].compactMap { $0 }.joined(separator: " · "))
                  ]),
                type.default
                  ? .empty
                  : context.button(
                    .admin(.toggleLeaveType(id: type.id)), type.active ? .remove : .add, style: "secondary"),
                type.default || !type.active
                  ? .empty
                  : context.button(.admin(.makeDefaultLeaveType(id: type.id)), .makeDefault, style: "secondary"),
              ])
          }),
        context.form(
          .admin(.addLeaveType), [.class("stack card")],
          [
            .label([.for("type-name")], [.text(context(.name))]),
            .input([.type("text"), .id("type-name"), .name("name"), .required]),
            .fieldset(
              [],
              [
                .tag("legend", [.class("visually-hidden")], [.text(context(.leaveType))]),
                .label(
                  [.class("row")],
                  [
                    .input([.type("checkbox"), .name("counts"), .value("on"), .checked]),
                    .text(context(.countsAgainstAllowance)),
                  ]),
                .label(
                  [.class("row")],
                  [
                    .input([.type("checkbox"), .name("approval"), .value("on"), .checked]),
                    .text(context(.needsApproval)),
                  ]),
              ]),
            .p([], [.button([.type("submit")], [.text(context(.add))])]),
          ]),
        .h2([], [.text(context(.holidays))]),
        .form(
          [.method("get"), .action(WebPage.admin(.leave(location: nil, year: nil)).path), .class("row fields")],
          [
            field(
              "holidays-location", context(.location),
              .select(
                [.id("holidays-location"), .name("location")],
                locations.map { .option([.value($0.id)] + ($0.id == location ? [.selected] : []), $0.name) })),
            field(
              "holidays-year", context(.year),
              .input([.type("number"), .id("holidays-year"), .name("year"), .value(String(year))])),
            .button([.type("submit"), .class("secondary")], [.text(context(.search))]),
          ]),
        .ul(
          [.class("list"), .id("holidays")],
          holidays.map { holiday in
            .li(
              [.class("row")],
              [
                .strong([.text(context.date(holiday.date))]), .text(holiday.name),
                .span([.class("muted")], [.text(context(.halfDayOnly(holiday.half)))]),
                context.button(.admin(.deleteHoliday(id: holiday.id)), .remove, style: "secondary"),
              ])
          }),
        context.form(
          .admin(.copyHolidays), [.class("row")],
          [
            .input([.type("hidden"), .name("locationId"), .value(location)]),
            .input([.type("hidden"), .name("fromYear"), .value(String(year))]),
            .button(
              [.type("submit"), .class("secondary")], [.text(context(AdminText.copyHolidays(from: year, to: year + 1)))]
            ),
          ]),
        context.form(
          .admin(.addHoliday), [.class("stack card"), .id("holiday-form")],
          [
            // A refused holiday is explained next to the form it came from.
            holidayError.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
            .input([.type("hidden"), .name("locationId"), .value(location)]),
            .label([.for("holiday-date")], [.text(context(.date))]),
            .input([.type("date"), .id("holiday-date"), .name("date"), .required]),
            .label([.for("holiday-name")], [.text(context(.name))]),
            .input([.type("text"), .id("holiday-name"), .name("name"), .required]),
            .label([.for("holiday-half")], [.text(context(.holiday))]),
            .select(
              [.id("holiday-half"), .name("half")],
              [
                .option([.value("")], context(.halfDayOnly(nil))),
                .option([.value("morning")], context(.halfDayOnly(.morning))),
                .option([.value("afternoon")], context(.halfDayOnly(.afternoon))),
              ]),
            .p([], [.button([.type("submit")], [.text(context(.add))])]),
          ]),
      ])
  }

  /// Each policy and the year it took effect, so anyone can see which rules a year had.
  private static func policyHistory(_ context: WebContext, _ history: [LeavePolicyBody]) -> Node {
    func days(_ value: HalfDays?) -> String { value.map(TimeOffPage.format) ?? "" }
    return .table(
      [.class("history"), .id("policy-history")],
      [
        .tr(
          [],
          [context(.fromYear), context(.defaultAllowance), context(.carryOverDays), context(.carryOverUntil)].map {
            .th([Attribute("scope", "col")], [.text($0)])
          })
      ]
        + history.map { entry in
          .tr(
            [],
            [
              .td([], [.text(entry.fromYear.map { $0 <= LeavePolicyHistory.firstYear ? "—" : String($0) } ?? "")]),
              .td([], [.text(days(entry.defaultAllowance))]), .td([], [.text(days(entry.carryOverDays))]),
              .td([], [.text(entry.carryOverUntil ?? "")]),
            ])
        })
  }

  /// A field with its visible label above it, for forms laid out in a row.
  static func field(_ id: String, _ label: String, _ control: Node) -> Node {
    .div([.class("field")], [.label([.for(id)], [.text(label)]), control])
  }
}
