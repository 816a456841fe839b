import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// One task: editing its fields (only what changed is sent, each from the value shown), and its
/// conflicts, each settled field by field: keep mine, keep theirs.
@MainActor
public final class TaskEditorViewModel: ScreenModel<TaskEditorViewModel.State> {
  public struct Conflict: Equatable, Sendable {
    public let field: TaskField
    /// "Your change: …" and "Now: …".
    public let yours: String
    public let theirs: String
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var title = ""
    public var notes = ""
    public var due: CalendarDate?
    public var done = false
    public var conflicts: [Conflict] = []
    public var isMissing = false
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any TaskRepository
  private let id: String

  public init(repository: any TaskRepository, id: String, language: ClientLanguage = .en) {
    self.repository = repository
    self.id = id
    super.init(state: State(), language: language)
    show()
  }

  /// Keeps the changed fields and sends them when it can.
  public func saveTapped(title: String, notes: String, due: CalendarDate?) async {
    var fields = TaskFields(title: title, notes: notes, due: due)
    fields.done = state.done
    for field in [TaskField.title, .notes] {
      if let rule = TaskFields.brokenRule(field, fields[field]) {
        state.message = field.rawValue + ": " + FieldMessage(rule).text(in: language)
        return
      }
    }
    do {
      try repository.change(id, [.title: fields[.title], .notes: fields[.notes], .due: fields[.due]])
      state.message = nil
    } catch {
      state.message = error.message(in: language)
    }
    let report = await repository.sync()
    state.isOffline = report.isOffline
    if !report.refusals.isEmpty { state.message = report.refusals.joined(separator: "\n") }
    show()
  }

  /// Settles one field: `keepMine` keeps this device's change, else the value the task has.
  public func resolveTapped(_ field: TaskField, keepMine: Bool) async {
    do {
      try await repository.resolve(id, field: field, choice: keepMine ? "yours" : "theirs")
      state.message = nil
      _ = await repository.sync()
    } catch {
      state.fail(error, in: language)
    }
    show()
  }

  private func show() {
    guard let task = repository.task(id: id) else {
      state.isMissing = true
      return
    }
    var next = state
    next.isMissing = false
    next.title = task.fields.title
    next.notes = task.fields.notes
    next.due = task.fields.due
    next.done = task.fields.done
    next.conflicts = task.conflicts.compactMap { conflict in
      guard let field = TaskField(rawValue: conflict.field) else { return nil }
      return Conflict(
        field: field, yours: TaskText.yoursValue(Self.words(conflict.yours)).text(in: language),
        theirs: TaskText.theirsValue(Self.words(conflict.theirs)).text(in: language))
    }
    state = next
  }

  static func words(_ value: TaskJSON) -> String {
    switch value {
    case .string(let text): text
    case .bool(let flag): flag ? "✓" : "✗"
    case .null, .other: "—"
    }
  }
}
