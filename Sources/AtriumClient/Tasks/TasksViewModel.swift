import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// The task list: what the person sees at once (the server's copy with their unsent edits on
/// top), the filters, adding, marking done, deleting with undo, and how many conflicts wait.
/// Every input is kept before anything is sent, so an edit made offline — even with the app
/// started offline — is never lost; `syncTapped` (or the network coming back, or a `tasks`
/// live event) sends and pulls.
@MainActor
public final class TasksViewModel: ScreenModel<TasksViewModel.State> {
  public enum Filter: String, Sendable, CaseIterable {
    case all, pending, done, assigned
  }

  public struct Row: Equatable, Sendable, Identifiable {
    public let id: String
    public let title: String
    public let done: Bool
    /// "due 2026-03-09 · from Mario López".
    public let details: String
    public let conflicts: Int
    public let isUnsent: Bool
    /// Deleted on the server, with a conflict that offers it back.
    public let isDeleted: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var rows: [Row] = []
    public var filter: Filter = .all
    /// Tasks with a conflict to settle: the badge.
    public var conflictsBadge = 0
    public var unsent = 0
    /// The last task deleted, offered back.
    public var undoTitle: String?
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: LiveTaskRepository
  private let viewerID: String
  private var lastDeleted: String?

  /// - Parameter viewerID: Who is looking (a task they gave is in `assigned`).
  public init(repository: LiveTaskRepository, viewerID: String, language: ClientLanguage = .en) {
    self.repository = repository
    self.viewerID = viewerID
    super.init(state: State(), language: language)
  }

  /// Shows what the device keeps at once, then syncs.
  public func appeared() async {
    show()
    await syncTapped()
  }

  public func syncTapped() async {
    state.isLoading = true
    let report = await repository.sync()
    var next = state
    next.isLoading = false
    next.isOffline = report.isOffline
    next.error = report.refusals.isEmpty ? nil : report.refusals.joined(separator: "\n")
    state = next
    show()
  }

  /// A live event arrived: a `tasks` one (a change on another device or by the giver) syncs.
  public func eventReceived(_ event: ServerEvent) async {
    guard event.name == "tasks" || event.name == "reset" else { return }
    await syncTapped()
  }

  public func filterChosen(_ filter: Filter) {
    state.filter = filter
    show()
  }

  public func addTapped(title: String, due: CalendarDate? = nil, notes: String = "") async {
    let fields = TaskFields(title: title, notes: notes, due: due)
    if let rule = TaskFields.brokenRule(.title, fields[.title]) ?? TaskFields.brokenRule(.notes, fields[.notes]) {
      state.message = FieldMessage(rule).text(in: language)
      return
    }
    await act { () throws(APIError) in _ = try self.repository.add(fields) }
  }

  public func toggleTapped(_ id: String) async {
    guard let task = repository.task(id: id) else { return }
    await act { () throws(APIError) in try self.repository.change(id, [.done: .flag(!task.fields.done)]) }
  }

  public func deleteTapped(_ id: String) async {
    let title = repository.task(id: id)?.fields.title
    await act { () throws(APIError) in try self.repository.delete(id) }
    lastDeleted = id
    state.undoTitle = title
  }

  public func undoTapped() async {
    guard let id = lastDeleted else { return }
    lastDeleted = nil
    state.undoTitle = nil
    await act { () throws(APIError) in try self.repository.restore(id) }
  }

  /// Keeps an edit, shows it, and sends it when it can.
  private func act(_ edit: () throws(APIError) -> Void) async {
    do {
      try edit()
      state.message = nil
    } catch {
      state.message = error.message(in: language)
    }
    show()
    await syncTapped()
  }

  private func show() {
    var next = state
    let tasks = repository.tasks()
    next.rows = tasks.filter { task in
      switch state.filter {
      case .all: true
      case .pending: !task.fields.done
      case .done: task.fields.done
      case .assigned: task.assignedBy?.id == viewerID
      }
    }.map { task in
      var details: [String] = []
      if let due = task.fields.due { details.append(TaskText.dueOn(due.description).text(in: language)) }
      if let giver = task.assignedBy, giver.id != viewerID {
        details.append(TaskText.givenBy(giver.displayName).text(in: language))
      }
      return Row(
        id: task.id, title: task.fields.title, done: task.fields.done, details: details.joined(separator: " · "),
        conflicts: task.conflicts.count, isUnsent: task.unsent > 0, isDeleted: task.isDeleted)
    }
    next.conflictsBadge = tasks.filter { !$0.conflicts.isEmpty }.count
    next.unsent = repository.unsentCount()
    state = next
  }
}
