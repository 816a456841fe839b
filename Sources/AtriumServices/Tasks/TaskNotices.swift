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
    try PersonalNotice(
      kind: .taskAssigned, noticeKind: "task.assigned", title: title, detail: detail, path: "/tasks",
      key: "task:\(task.id)"
    ).deliver(to: person, choice: choice, language: language, environment: environment, connection: connection)
  }
}

extension RegisteredNotificationKind {
  /// A manager or an admin gave the person a task.
  public static let taskAssigned = RegisteredNotificationKind(
    .taskAssigned, name: { TaskText.taskAssignedKind.text(in: $0) },
    collapsed: { (TaskText.tasksGiven($0).text(in: $1), "/tasks") })
}
