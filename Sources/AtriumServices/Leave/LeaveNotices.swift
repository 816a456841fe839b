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
      try store.insert(
        .init(
          id: environment.makeID(), recipientID: recipient.employeeID, kind: recipient.kind.rawValue,
          title: message.text(in: language), body: message.detail(in: language), requestID: request.id,
          parameters: notice.parameters, createdAt: instant))
    }
  }
}
