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
    /// Tasks made on this device while signed out, which the person may import.
    public var localToImport = 0
    /// Signing out waits for the person's answer: send now, keep on this device, or discard.
    public var asksBeforeSignOut = false
    /// Whether the app may now sign out (the unsent changes were dealt with).
    public var maySignOut = false
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any TaskRepository
  private let viewerID: String
  /// The device's own list (signed out, or kept copies), when the app keeps one.
  private let device: DeviceTaskRepository?
  private var lastDeleted: String?

  /// - Parameters:
  ///   - repository: The account's tasks, or signed out the device's (`DeviceTaskRepository`).
  ///   - viewerID: Who is looking (a task they gave is in `assigned`).
  ///   - device: The device's own list, for importing it after sign-in and for keeping copies
  ///     at sign-out.
  public init(
    repository: any TaskRepository, viewerID: String, device: DeviceTaskRepository? = nil,
    language: ClientLanguage = .en
  ) {
    self.repository = repository
    self.viewerID = viewerID
    self.device = device
    super.init(state: State(), language: language)
  }

  // MARK: - Signing in and out

  /// Imports the tasks made on this device while signed out (and reconciles copies kept at
  /// an earlier sign-out): importing twice creates nothing twice.
  public func importLocalTapped() async {
    guard let live = repository as? LiveTaskRepository, let device else { return }
    await act { () throws(APIError) in _ = try live.importTasks(from: device, account: self.viewerID) }
  }

  /// The person asked to sign out: at once when nothing waits to be sent, else the question.
  public func signOutTapped() async {
    _ = await repository.sync()
    show()
    state.asksBeforeSignOut = state.unsent > 0
    state.maySignOut = state.unsent == 0
  }

  public enum SignOutChoice: Sendable {
    /// Try to send now; sign out only if everything went.
    case sendNow
    /// Keep copies on this device; the next sign-in offers what changed as conflicts.
    case keepOnDevice
    /// Drop the unsent changes.
    case discard
  }

  public func signOutChosen(_ choice: SignOutChoice) async {
    guard let live = repository as? LiveTaskRepository else {
      state.maySignOut = true
      return
    }
    switch choice {
    case .sendNow:
      await syncTapped()
      state.maySignOut = state.unsent == 0
      state.asksBeforeSignOut = !state.maySignOut
      if !state.maySignOut { state.message = ConnectionMessage.offline.text(in: language) }
      return
    case .keepOnDevice:
      guard let device else { return }
      live.keepOnDevice(device, account: viewerID)
    case .discard:
      live.discardUnsent()
    }
    state.asksBeforeSignOut = false
    state.maySignOut = true
    show()
  }

  /// Shows what the device keeps at once, then syncs.
  public func appeared() async {
    show()
    await syncTapped()
  }

  public func syncTapped() async {
    state.isLoading = true
    let report = await repository.sync()
    // The device's own tasks the account now has leave the device's list.
    if let live = repository as? LiveTaskRepository, let device {
      device.forget(imported: live.acknowledgedIDs())
    }
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
    next.localToImport = repository is LiveTaskRepository ? device?.toImport() ?? 0 : 0
    state = next
  }
}
