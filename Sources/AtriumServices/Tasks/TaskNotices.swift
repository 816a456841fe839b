import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore

/// "A task was given to you": a notice, a mail or a push for the person given it, as they
/// chose for the kind, in the transaction that gives it.
struct TaskNotices {
  let environment: ServerEnvironment
  let connection: any DatabaseConnection

  func given(_ task: TaskBody, to person: Employee, by giver: Employee) throws {
    let chosen = try SettingsStore(connection).settings(employeeID: person.id)
    let choice = chosen.choice(for: .taskAssigned)
    let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
    let title = TaskText.gaveYouATask(by: giver.displayName, title: task.title).text(in: language)
    let detail = task.notes
    let now = environment.now().milliseconds
    let noticeID = environment.makeID()
    if choice.sendsAtOnce(on: .board) {
      try NoticeStore(connection).insert(
        .init(
          id: noticeID, recipientID: person.id, kind: "task.assigned", title: title, body: detail, requestID: nil,
          createdAt: now))
    }
    if let mail = environment.mail, choice.sendsAtOnce(on: .mail) {
      try MailComposer(environment: environment, mail: mail).enqueue(
        .init(
          subject: title, lines: detail.isEmpty ? [] : [detail], path: "/tasks",
          unsubscribe: NotificationKind.taskAssigned.id),
        kind: "task.assigned", to: person, language: language, idempotencyKey: "task:\(task.id)",
        connection: connection)
    }
    if let push = environment.push, choice.sendsAtOnce(on: .push) {
      try PushComposer(environment: environment, push: push).enqueue(
        PushContent(
          kind: NotificationKind.taskAssigned.id, title: title, body: detail, path: "/tasks", language: language),
        to: person.id, idempotencyKey: "push:task:\(task.id)", connection: connection)
    }
  }
}

extension RegisteredNotificationKind {
  /// A manager or an admin gave the person a task.
  public static let taskAssigned = RegisteredNotificationKind(
    .taskAssigned, name: { TaskText.taskAssignedKind.text(in: $0) },
    collapsed: { (TaskText.tasksGiven($0).text(in: $1), "/tasks") })
}
