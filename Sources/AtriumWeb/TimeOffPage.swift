import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// Time off: the year's figures, its requests with their state, and the request form. The
/// form works without JavaScript: its first submit shows the working days and who else is off
/// (the server's preview), and a second one sends the request.
package enum TimeOffPage {
  /// What the person typed into the request form.
  package struct Form: Sendable, Hashable {
    package var start = ""
    package var end = ""
    package var startHalf = StartHalf.full
    package var endHalf = EndHalf.full
    package var note = ""
    package var typeID = ""
    /// The year the page showed when the form was sent, shown again with its answer.
    package var year: Int?
  }

  package static func render(
    _ context: WebContext, year: LeaveYear, form: Form = Form(), preview: LeavePreview? = nil, error: String? = nil,
    types: [LeaveTypeBody] = [], changing requestID: String? = nil
  ) -> Node {
    Layout.page(
      context(.timeOff), context,
      [
        .trusted(
          keptYearLinks.markup(for: YearLinksKey(language: context.language, year: year.year)) {
            yearLinks(context, year.year).render()
          }),
        figures(context, year),
        .h2([], [.text(context(requestID == nil ? .askForLeave : .changeRequest))]),
        requestForm(
          context, form: form, year: year.year, preview: preview, error: error, types: types,
          target: requestID.map { .timeOff(.change(id: $0)) } ?? .timeOff(.request)),
        .h2([], [.text(context(.requests))]),
        requestList(context, year.requests, cancellable: true),
      ])
  }

  /// The year shown, between links to the years before and after.
  private static func yearLinks(_ context: WebContext, _ year: Int) -> Node {
    .nav(
      [.class("row"), .ariaLabel(context(.year))],
      [
        .a(
          [.href(WebPage.timeOff(.overview(year: year - 1)).href), .class("button secondary")],
          [.text("‹ \(year - 1)")]),
        .strong([.text(String(year))]),
        .a(
          [.href(WebPage.timeOff(.overview(year: year + 1)).href), .class("button secondary")],
          [.text("\(year + 1) ›")]),
      ])
  }

  /// Allowance, carried over, expired, approved, pending and remaining days, with the
  /// carried days' deadline and the sum written out, so Remaining visibly adds up.
  package static func figures(_ context: WebContext, _ year: LeaveYear) -> Node {
    .trusted(keptFigures.markup(for: FiguresKey(context, year)) { makeFigures(context, year).render() })
  }

  private static func makeFigures(_ context: WebContext, _ year: LeaveYear) -> Node {
    let carried = BalanceMessage.carried(year.carriedOver, expired: year.expired, deadline: year.carriedOverUntil)
    let sum = BalanceMessage.sum(
      allowance: year.allowance, carried: year.carriedOver, expired: year.expired, approved: year.approved,
      pending: year.pending, remaining: year.remaining)
    return .fragment([
      .dl(
        [.class("figures")],
        [
          figure(context, .allowance, year.allowance, id: "allowance"),
          figure(context, .carriedOver, year.carriedOver, id: "carried"),
          year.expired > .zero ? figure(context, .expiredDays, year.expired, id: "expired") : .empty,
          figure(context, .approvedDays, year.approved, id: "approved"),
          figure(context, .pendingDays, year.pending, id: "pending"),
          figure(context, .remaining, year.remaining, id: "remaining"),
        ]),
      carried.map { .p([.class("muted"), .id("carried-note")], [.text($0.text(in: context.language))]) } ?? .empty,
      .p([.class("muted"), .id("balance-sum")], [.text(sum.text(in: context.language))]),
    ])
  }

  package static func requestList(_ context: WebContext, _ requests: [LeaveRequestBody], cancellable: Bool) -> Node {
    requests.isEmpty
      ? .p([.class("muted")], [.text(context(.noRequests))])
      : .ul(
        [.class("list"), .id("requests")],
        requests.map { request in
          .trusted(
            keptRows.markup(for: RowKey(context, request, cancellable: cancellable)) {
              Self.request(context, request, cancellable: cancellable).render()
            })
        })
  }

  /// A term and its value straight in the list (no wrapper: older screen readers and axe-core
  /// want `dt` and `dd` as the list's own children); the stylesheet lays each pair out as a box.
  private static func figure(_ context: WebContext, _ label: Text, _ days: HalfDays, id: String) -> Node {
    .fragment([.dt([.text(context(label))]), .dd([.id(id)], [.text(context.days(days))])])
  }

  /// A number of days as a form field holds it: `2.5` in every language, as number inputs
  /// read it.
  package static func format(_ days: HalfDays) -> String {
    Wording(.en).number(days)
  }

  /// The form; kept when it shows no preview (the form of every visit to the page).
  private static func requestForm(
    _ context: WebContext, form: Form, year: Int, preview: LeavePreview?, error: String?, types: [LeaveTypeBody],
    target: WebPage
  ) -> Node {
    guard preview == nil else {
      return makeRequestForm(
        context, form: form, year: year, preview: preview, error: error, types: types, target: target)
    }
    let key = FormKey(context, form: form, year: year, error: error, types: types, target: target)
    return .trusted(
      keptForms.markup(for: key) {
        makeRequestForm(context, form: form, year: year, preview: nil, error: error, types: types, target: target)
          .render()
      })
  }

  private static func makeRequestForm(
    _ context: WebContext, form: Form, year: Int, preview: LeavePreview?, error: String?, types: [LeaveTypeBody],
    target: WebPage
  ) -> Node {
    func halfOptions<T: RawRepresentable<String>>(_ choices: [(T, Text)], selected: T) -> [Node] where T: Equatable {
      choices.map { value, label in
        .option([.value(value.rawValue)] + (value == selected ? [.selected] : []), context(label))
      }
    }
    var summary: [Node] = []
    if let preview {
      summary.append(
        .p([.id("preview"), Attribute("role", "status")], [.text(context(.previewSays(preview.days)))]))
      let names = Set(preview.conflicts.flatMap { $0.people.map(\.displayName) }).sorted()
      if !names.isEmpty { summary.append(.p([], [.text(context(.alsoOff(names.joined(separator: ", "))))])) }
      // What the server would refuse, said before sending; the request cannot be sent as it is.
      if let refusal = preview.refusal {
        summary.append(
          .p([.class("error"), .id("refusal"), Attribute("role", "alert")], [.text(refusal.detail ?? refusal.title)]))
      }
    }
    let sendable = preview != nil && preview?.refusal == nil
    return context.form(
      target, [.class("stack card"), .id("request-form")],
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        .input([.type("hidden"), .name("year"), .value(String(year))]),
        .div(
          [.class("grid2")],
          [
            .div(
              [],
              [
                .label([.for("start")], [.text(context(.start))]),
                .input([.type("date"), .id("start"), .name("start"), .value(form.start), .required]),
                .label([.for("startHalf")], [.text(context(.startHalf))]),
                .select(
                  [.id("startHalf"), .name("startHalf")],
                  halfOptions([(StartHalf.full, .fullDay), (.afternoon, .afternoonOnly)], selected: form.startHalf)),
              ]),
            .div(
              [],
              [
                .label([.for("end")], [.text(context(.end))]),
                .input([.type("date"), .id("end"), .name("end"), .value(form.end), .required]),
                .label([.for("endHalf")], [.text(context(.endHalf))]),
                .select(
                  [.id("endHalf"), .name("endHalf")],
                  halfOptions([(EndHalf.full, .fullDay), (.morning, .morningOnly)], selected: form.endHalf)),
              ]),
          ]),
        types.count > 1
          ? .fragment([
            .label([.for("typeId")], [.text(context(.leaveType))]),
            .select(
              [.id("typeId"), .name("typeId")],
              types.map { type in
                // Until the person picks one, the company's default, never whatever sorts first.
                let chosen = form.typeID.isEmpty ? type.default : type.id == form.typeID
                return .option([.value(type.id)] + (chosen ? [.selected] : []), type.name)
              }),
          ]) : .empty,
        .label([.for("note")], [.text(context(.note))]),
        .input([.type("text"), .id("note"), .name("note"), .value(form.note), Attribute("maxlength", "500")]),
        .fragment(summary),
        .p(
          [.class("row")],
          [
            .button(
              [.type("submit"), .name("intent"), .value("preview"), .class(sendable ? "secondary" : "")],
              [.text(context(.preview))]),
            sendable
              ? .button([.type("submit"), .name("intent"), .value("send"), .id("send")], [.text(context(.send))])
              : .empty,
          ]),
      ])
  }

  private static func request(_ context: WebContext, _ request: LeaveRequestBody, cancellable: Bool) -> Node {
    let dates = context.dates(of: request)
    return .li(
      [.id("request-\(request.id)"), .data("status", request.status.rawValue)],
      [
        .p(
          [.class("row")],
          [
            .span([.class("status \(request.status.rawValue)")], [.text(context(.status(request.status)))]),
            .strong([.text(dates)]),
            .span([.class("type")], [.text(request.type.name)]),
            .span([.class("muted")], [.text(context(.workingDays(request.days)))]),
          ]),
        request.note.isEmpty ? .empty : .p([.class("muted")], [.text(request.note)]),
        // Why it was rejected (or sent back to pending), as the decider wrote it.
        (request.decisionReason ?? "").isEmpty
          ? .empty
          : .p(
            [.class("decision-reason")], [.text(context(DecisionText.decisionReason(request.decisionReason ?? "")))]),
        .div(
          [.class("row")],
          [
            cancellable && request.status == .pending
              ? .a(
                [.class("button secondary"), .href(WebPage.timeOff(.edit(id: request.id)).href)],
                [.text(context(.change))])
              : .empty,
            cancellable && (request.status == .pending || request.status == .approved)
              ? context.button(.timeOff(.cancel(id: request.id)), .cancel, style: "secondary") : .empty,
          ]),
      ])
  }
}
