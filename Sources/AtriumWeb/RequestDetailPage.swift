import AtriumAPI
import AtriumHTML
import AtriumServices

/// One request as its decider sees it: beside the person's other requests that year, the
/// days they have left, who else is off, its history, and the decisions.
package enum RequestDetailPage {
  package static func render(_ context: WebContext, _ detail: LeaveDetail, reasonRequired: Bool) -> Node {
    let request = detail.request
    let dates = context.dates(of: request)
    let actions = DecisionForms.actions(context, request, reasonRequired: reasonRequired, inPlace: false)
    let offNames = Set(detail.conflicts.flatMap { $0.people.map(\.displayName) }).sorted()
    return Layout.page(
      context(.requestDetail), context,
      [
        .div(
          [.class("card")],
          [
            .p(
              [.class("row")],
              [
                .img([.class("avatar"), .alt(""), .src(detail.employee.photoURL)]),
                .strong([.text(detail.employee.displayName)]),
                .span([.class("status \(request.status.rawValue)")], [.text(context(.status(request.status)))]),
              ]),
            .p(
              [],
              [
                .text(dates + " · "), .span([.class("type")], [.text(request.type.name)]),
                .text(" · " + context(.workingDays(request.days))),
              ]),
            request.note.isEmpty ? .empty : .p([.class("muted")], [.text(request.note)]),
            .p([.id("remaining")], [.text(context(.remainingAfter(detail.remaining)))]),
            .div([.class("row")], actions),
          ]),
        .h2([], [.text(context(.whoElseIsOff))]),
        .p([], [.text(offNames.isEmpty ? "—" : offNames.joined(separator: ", "))]),
        .h2([], [.text(context(.otherRequests))]),
        TimeOffPage.requestList(context, detail.otherRequests, cancellable: false),
        .h2([], [.text(context(.history))]),
        .ul(
          [.class("list")],
          detail.history.map { entry in
            .li(
              [],
              [
                // The state it led to, in the reader's words (the action's name is the API's).
                .text("\(context.day(of: entry.at)) · \(entry.actor.displayName) · \(context(.status(entry.to)))"),
                entry.reason.isEmpty ? .empty : .text(" · \(entry.reason)"),
              ])
          }),
        .p(
          [],
          [.a([.href(WebPage.approvals(.list(.pending)).href), .class("button secondary")], [.text(context(.back))])]),
      ])
  }
}
