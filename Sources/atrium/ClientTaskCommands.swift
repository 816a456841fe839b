import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMessages
import Foundation

/// Tasks from the command line, through the SDK's view models and its one outbox, so each
/// command works offline (the edit waits and is sent by the next command that reaches the
/// server): `atrium tasks [--filter pending|done|assigned]`, `atrium task add TITLE [--due
/// DATE]`, `task done ID`, `task edit ID [--title T] [--notes N] [--due DATE]`, `task rm ID`,
/// `task resolve ID [FIELD] --keep mine|theirs` (every conflicting field when none is named).
/// An ID may be written by its first characters.
enum ClientTaskCommands {
  typealias Exit = ClientCommands.Exit

  static let commands: Set<String> = ["tasks", "task"]

  @MainActor
  static func perform(
    _ command: String, _ options: Options, repository: LiveTaskRepository, viewerID: String,
    language: ClientLanguage, asJSON: Bool
  ) async throws {
    let list = TasksViewModel(repository: repository, viewerID: viewerID, language: language)
    if command == "tasks" {
      if let text = options.value("filter") {
        guard let filter = TasksViewModel.Filter(rawValue: text) else {
          throw Exit(code: 2, message: CommandLineText.unknownStatus(text).text(in: language))
        }
        list.filterChosen(filter)
      }
      await list.appeared()
      try print(list, asJSON: asJSON, repository: repository)
      return
    }
    var words = options.positional
    guard !words.isEmpty else { throw Exit(code: 2, message: CommandLineText.usage.text(in: language)) }
    let action = words.removeFirst()
    switch action {
    case "add":
      let title = words.joined(separator: " ")
      let due = try options.value("due").map { try date($0, language) }
      await list.addTapped(title: title, due: due, notes: options.value("notes") ?? "")
      if let message = list.state.message { throw Exit(code: 2, message: message) }
    case "done":
      let id = try pick(words.first, repository, language)
      await list.toggleTapped(id)
    case "rm":
      let id = try pick(words.first, repository, language)
      await list.deleteTapped(id)
    case "edit":
      let id = try pick(words.first, repository, language)
      let editor = TaskEditorViewModel(repository: repository, id: id, language: language)
      let due: CalendarDate? =
        try options.value("due").map { $0.isEmpty ? nil : try date($0, language) } ?? editor.state.due
      await editor.saveTapped(
        title: options.value("title") ?? editor.state.title, notes: options.value("notes") ?? editor.state.notes,
        due: due)
      if let message = editor.state.message { throw Exit(code: 4, message: message) }
      await list.appeared()
    case "resolve":
      let id = try pick(words.first, repository, language)
      let named = words.count >= 2 ? TaskField(rawValue: words[1]) : nil
      guard words.count < 2 || named != nil, let keep = options.value("keep"), ["mine", "theirs"].contains(keep)
      else { throw Exit(code: 2, message: CommandLineText.usage.text(in: language)) }
      let editor = TaskEditorViewModel(repository: repository, id: id, language: language)
      // Without a field, each conflicting one; whether the task comes back first, so that
      // its other fields are settled on the task the person chose to keep.
      let fields = named.map { [$0] } ?? editor.state.conflicts.map(\.field).sorted { $0 == .deleted && $1 != .deleted }
      guard !fields.isEmpty else { throw Exit(code: 2, message: TaskText.noConflicts.text(in: language)) }
      for field in fields {
        await editor.resolveTapped(field, keepMine: keep == "mine")
        if let error = editor.state.error {
          throw Exit(code: editor.state.isOffline ? 5 : 4, message: error)
        }
      }
      await list.appeared()
    default:
      throw Exit(code: 2, message: CommandLineText.usage.text(in: language))
    }
    if action != "edit" && action != "resolve" { await list.syncTapped() }
    try print(list, asJSON: asJSON, repository: repository)
  }

  /// The list as lines (`id  [x] title · details`), or the tasks as JSON; unsent edits and
  /// refusals are said on stderr.
  @MainActor
  private static func print(_ list: TasksViewModel, asJSON: Bool, repository: LiveTaskRepository) throws {
    let state = list.state
    if let error = state.error { FileHandle.standardError.write(Data((error + "\n").utf8)) }
    if state.unsent > 0 {
      FileHandle.standardError.write(Data("\(state.unsent) unsent\n".utf8))
    }
    if asJSON {
      let ids = Set(state.rows.map(\.id))
      let tasks = repository.tasks().filter { ids.contains($0.id) }.map { task in
        TaskLine(
          id: task.id, title: task.fields.title, notes: task.fields.notes, done: task.fields.done,
          due: task.fields.due?.description, conflicts: task.conflicts, unsent: task.unsent > 0)
      }
      Swift.print(try ClientCommands.json(Page(items: tasks, nextCursor: nil)))
      return
    }
    for row in state.rows {
      let mark = row.done ? "[x]" : "[ ]"
      let extra = [row.details, row.conflicts > 0 ? "conflicts: \(row.conflicts)" : "", row.isUnsent ? "unsent" : ""]
        .filter { !$0.isEmpty }
      Swift.print(
        "\(row.id.prefix(8))  \(mark) \(row.title)" + (extra.isEmpty ? "" : " · " + extra.joined(separator: " · ")))
    }
  }

  /// A task as `--json` prints it.
  struct TaskLine: Codable, Hashable, Sendable {
    let id: String
    let title: String
    let notes: String
    let done: Bool
    let due: String?
    let conflicts: [TaskConflictBody]
    let unsent: Bool
  }

  /// The task an id names, or whose id starts with it (when only one does).
  private static func pick(
    _ text: String?, _ repository: LiveTaskRepository, _ language: ClientLanguage
  ) throws
    -> String
  {
    guard let text = text?.lowercased(), !text.isEmpty else {
      throw Exit(code: 2, message: CommandLineText.usage.text(in: language))
    }
    let matching = repository.tasks().map(\.id).filter { $0.hasPrefix(text) }
    guard matching.count == 1 else { throw Exit(code: 2, message: TaskText.noSuchTask.text(in: language)) }
    return matching[0]
  }

  private static func date(_ text: String, _ language: ClientLanguage) throws -> CalendarDate {
    guard let date = CalendarDate(text) else { throw Exit(code: 2, message: FieldMessage(.date).text(in: language)) }
    return date
  }
}
