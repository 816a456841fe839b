import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore

/// A notification for one person, already worded in their language, delivered on each channel
/// they chose for its kind (board, mail, push) in the transaction of the change it tells of.
/// Each channel's row is keyed by `key`, so a change that runs twice tells once.
struct PersonalNotice {
  let kind: NotificationKind
  /// The board notice's kind and the outbox rows' (`task.assigned`).
  let noticeKind: String
  let title: String
  let detail: String
  /// The page it opens.
  let path: String
  let key: String

  func deliver(
    to person: Employee, choice: NotificationChoice, language: Language, environment: ServerEnvironment,
    connection: any DatabaseConnection
  ) throws {
    guard person.isActive else { return }
    if choice.sendsAtOnce(on: .board) {
      try NoticeStore(connection).insert(
        .init(
          id: environment.makeID(), recipientID: person.id, kind: noticeKind, title: title, body: detail,
          requestID: nil, createdAt: environment.now().milliseconds))
    }
    if let mail = environment.mail, choice.sendsAtOnce(on: .mail) {
      try MailComposer(environment: environment, mail: mail).enqueue(
        .init(subject: title, lines: detail.isEmpty ? [] : [detail], path: path, unsubscribe: kind.id),
        kind: noticeKind, to: person, language: language, idempotencyKey: "mail:\(key)", connection: connection)
    }
    if let push = environment.push, choice.sendsAtOnce(on: .push) {
      try PushComposer(environment: environment, push: push).enqueue(
        PushContent(kind: kind.id, title: title, body: detail, path: path, language: language), to: person.id,
        idempotencyKey: "push:\(key)", connection: connection)
    }
  }
}
