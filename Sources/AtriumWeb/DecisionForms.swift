import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages

/// The decisions a decider can take on one request, as the approvals list and the request in
/// context show them. Approving is one click; rejecting and sending back to pending open a
/// form in place that asks why (required when the company says so), so neither acts on the
/// first click.
enum DecisionForms {
  /// - Parameter inPlace: marks the forms the page's script sends without leaving the page.
  static func actions(
    _ context: WebContext, _ request: LeaveRequestBody, reasonRequired: Bool, inPlace: Bool
  ) -> [Node] {
    let marker = inPlace ? [Attribute.data("decision", "")] : []
    switch request.status {
    case .pending:
      return [
        context.button(.approvals(.decide(id: request.id, action: .approve)), .approve, attributes: marker),
        withReason(
          context, request, action: .reject, opener: .rejectWithReason, confirm: .confirmReject, style: "danger",
          reasonRequired: reasonRequired, marker: marker),
      ]
    case .approved, .rejected:
      return [
        withReason(
          context, request, action: .reopen, opener: .reopenWithReason, confirm: .confirmReopen, style: "secondary",
          reasonRequired: reasonRequired, marker: marker)
      ]
    case .cancelled:
      return []
    }
  }

  private static func withReason(
    _ context: WebContext, _ request: LeaveRequestBody, action: LeaveAction, opener: DecisionText,
    confirm: DecisionText, style: String, reasonRequired: Bool, marker: [Attribute]
  ) -> Node {
    let field = "reason-\(action.rawValue)-\(request.id)"
    return .tag(
      "details", [.class("decide")],
      [
        .tag("summary", [.class("button \(style)")], [.text(context(opener))]),
        context.form(
          .approvals(.decide(id: request.id, action: action)), [.class("stack")] + marker,
          [
            .label([.for(field)], [.text(context(DecisionText.reason(required: reasonRequired)))]),
            .textarea(
              [.id(field), .name("reason"), Attribute("maxlength", "2000"), Attribute("rows", "2")]
                + (reasonRequired ? [.required] : []), ""),
            .button([.type("submit"), .class(style)], [.text(context(confirm))]),
          ]),
      ])
  }
}
