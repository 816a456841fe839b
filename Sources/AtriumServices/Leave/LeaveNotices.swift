import AtriumDomain
import AtriumMessages
import AtriumStore

/// The notices a change to a request posts (LeaveNoticeRules says to whom). Each stores its
/// kind and facts and is worded when read; the title stored beside them is in the recipient's
/// chosen language, for the live event and for readers that cannot word the facts.
struct LeaveNotices {
  let environment: ServerEnvironment

  /// - Parameter managers: The managers above the request's employee, nearest first.
  func post(
    about request: LeaveRequest, action: String, by actor: Employee, reason: String, at instant: Int64,
    managers: [Employee], context: LeaveContext
  ) throws {
    let store = NoticeStore(context.connection)
    if LeaveNoticeRules.closesWaitingNotices(action: action, status: request.status) {
      try store.closeWaiting(requestID: request.id, at: instant)
    }
    let owner = actor.id == request.employeeID ? actor : try context.people.employee(id: request.employeeID)
    guard let owner else { return }
    let decider = managers.first { $0.role == .manager || $0.role == .admin }
    let recipients = LeaveNoticeRules.recipients(
      action: action, status: request.status, actorID: actor.id, employeeID: owner.id, deciderID: decider?.id)
    guard !recipients.isEmpty else { return }
    // Only words: the type's name and each recipient's language may come from memory.
    let types = try environment.recall(\.leaveTypes, .leaveTypes) { try context.settings.leaveTypes() }
    let type = types.first { $0.id == request.typeID }?.name ?? ""
    let settings = SettingsStore(context.connection)
    for recipient in recipients {
      let notice = LeaveNotice(
        kind: recipient.kind, actor: actor.displayName, employee: owner.displayName, type: type, span: request.span,
        reason: reason)
      let chosen = try environment.recall(\.settings, recipient.employeeID) {
        try settings.settings(employeeID: recipient.employeeID)
      }
      let message = NoticeMessage(notice)
      let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
      let noticeID = environment.makeID()
      let kind: NotificationKind = recipient.kind == .waiting ? .approvalsWaiting : .leaveDecisions
      let choice = chosen.choice(for: kind)
      if choice.sendsAtOnce(on: .board) {
        try store.insert(
          .init(
            id: noticeID, recipientID: recipient.employeeID, kind: recipient.kind.rawValue,
            title: message.text(in: language), body: message.detail(in: language), requestID: request.id,
            parameters: notice.parameters, createdAt: instant))
      }
      if let mail = environment.mail, choice.sendsAtOnce(on: .mail),
        let person = ([owner] + managers).first(where: { $0.id == recipient.employeeID })
      {
        // One mail per notice: the notice's id makes the outbox row's key.
        try MailComposer(environment: environment, mail: mail).enqueue(
          .init(
            subject: message.text(in: language), lines: [message.detail(in: language)],
            path: recipient.kind == .waiting ? "/approvals/\(request.id)" : "/time-off", unsubscribe: kind.id),
          kind: recipient.kind.rawValue, to: person, language: language, idempotencyKey: "notice:\(noticeID)",
          connection: context.connection)
      }
      if let push = environment.push, choice.sendsAtOnce(on: .push) {
        try PushComposer(environment: environment, push: push).enqueue(
          PushContent(
            kind: kind.id, title: message.text(in: language), body: message.detail(in: language),
            path: recipient.kind == .waiting ? "/approvals/\(request.id)" : "/time-off/requests/\(request.id)",
            language: language),
          to: recipient.employeeID, idempotencyKey: "push:\(noticeID)", connection: context.connection)
      }
    }
  }
}
