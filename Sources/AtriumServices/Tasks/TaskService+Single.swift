import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// One task at a time, for clients without an outbox: `PATCH` and `DELETE` name the version
/// they saw (`If-Match`), so they never overwrite a change they have not seen; and a manager
/// giving someone a task.
extension TaskService {
  /// A version `If-Match` named that is no longer the task's: the answer carries the task now.
  package struct StaleVersion: Error {
    package let current: TaskBody
  }

  /// The version `If-Match: "<version>"` names; 428 without one, 400 for one that is not a
  /// version.
  static func expectedVersion(_ header: String?) throws -> Int {
    guard let header = header?.trimmingWhitespace, !header.isEmpty else {
      throw Problem(status: 428, .task(.ifMatchRequired))
    }
    let bare = header.hasPrefix("W/") ? String(header.dropFirst(2)) : header
    guard let version = Int(bare.trimmingCharacters(in: CharacterSet(charactersIn: "\""))), version >= 0 else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "If-Match", rule: .number)]))
    }
    return version
  }

  package func update(
    id: String, _ change: TaskChangeBody, ifMatch: String?, principal: Principal, language: Language
  ) throws -> TaskBody {
    var values: [TaskField: TaskValue] = [:]
    // At the version the client saw, the task's values are the ones it changed from.
    return try single(id: id, ifMatch: ifMatch, principal: principal, language: language) {
      var validator = Validator()
      for (name, json) in change.fields.sorted(by: { $0.key < $1.key }) {
        guard let field = TaskField(rawValue: name), TaskField.editable.contains(field),
          let value = TaskValue(json: json, for: field)
        else {
          validator.require(false, name, .unknownValue(allowed: TaskField.editable.map(\.rawValue)))
          continue
        }
        values[field] = value
      }
      validator.require(!change.fields.isEmpty, "body", .notEmpty)
      try validator.check()
    } operation: { current in
      .patch(
        Dictionary(
          uniqueKeysWithValues: values.map { field, value in
            (field, TaskOperation.FieldChange(base: current.fields[field], new: value))
          }))
    }
  }

  package func delete(id: String, ifMatch: String?, principal: Principal, language: Language) throws {
    _ = try single(id: id, ifMatch: ifMatch, principal: principal, language: language) {
    } operation: { current in
      .delete(baseVersion: current.version)
    }
  }

  /// Applies the operation `make` builds from the task as it is, when `If-Match` names its
  /// version; checked in the API's order: the task is the caller's (404), the input
  /// (`checkInput`, 400), `If-Match` is there (428), then the version (412).
  private func single(
    id: String, ifMatch: String?, principal: Principal, language: Language, checkInput: () throws -> Void,
    operation make: (TaskState) -> TaskOperation.Kind
  ) throws -> TaskBody {
    try environment.database.write { connection in
      guard let current = try TaskStore(connection).task(id: id, forUpdate: true),
        TaskMerge.mayAccess(current.state, actor: principal.employee.id)
      else { throw Problem.notFound(.task(.noSuchTask)) }
      try checkInput()
      guard current.state.version == (try Self.expectedVersion(ifMatch)) else {
        throw StaleVersion(current: try Names(connection).body(current))
      }
      let operation = TaskOperation(opID: environment.makeID(), taskID: id, kind: make(current.state))
      let outcome = TaskMerge.apply(operation, to: current.state, actor: principal.employee.id)
      if case .refused(let refusal) = outcome { throw Self.problem(refusal) }
      let result = try record(outcome, opID: nil, current: current, connection: connection, language: language)
      guard let task = result.task else { throw Problem.notFound(.task(.noSuchTask)) }
      return task
    }
  }

  /// Whether the caller may give `personID` a task: a manager above them, or an admin.
  package func mayGive(to personID: String, principal: Principal) throws -> Bool {
    try environment.database.read { try Self.mayGive(to: personID, by: principal.employee, PeopleStore($0)) }
  }

  private static func mayGive(to personID: String, by giver: Employee, _ people: PeopleStore) throws -> Bool {
    guard personID != giver.id else { return false }
    switch giver.role {
    case .admin: return true
    case .manager: return try people.managers(above: personID).contains { $0.id == giver.id }
    default: return false
    }
  }

  /// A manager gives a task to someone below them in the chain (an admin, to anyone): it is on
  /// that person's list, and the giver keeps seeing it.
  package func assign(
    to personID: String, _ body: NewAssignedTask, principal: Principal, language: Language
  ) throws -> TaskBody {
    var fields = TaskFields(title: body.title, notes: body.notes ?? "")
    var validator = Validator()
    if let due = body.due {
      if let date = CalendarDate(due) { fields.due = date } else { validator.require(false, "due", .date) }
    }
    for field in [TaskField.title, .notes] {
      if let rule = TaskFields.brokenRule(field, fields[field]) { validator.require(false, field.rawValue, rule) }
    }
    try validator.check()
    return try environment.database.write { connection in
      let people = PeopleStore(connection)
      guard let person = try people.employee(id: personID), person.isActive else {
        throw Problem.notFound(.noPerson(id: personID))
      }
      let giver = principal.employee
      guard try Self.mayGive(to: person.id, by: giver, people) else {
        throw Problem.forbidden(.task(.notYourReport(person.displayName)))
      }
      let operation = TaskOperation(
        opID: environment.makeID(), taskID: environment.makeID(), kind: .create(fields))
      let outcome = TaskMerge.apply(
        operation, to: nil, actor: giver.id, newTask: (owner: person.id, assignedBy: giver.id))
      if case .refused(let refusal) = outcome { throw Self.problem(refusal) }
      let result = try record(outcome, opID: nil, current: nil, connection: connection, language: language)
      guard let task = result.task else { throw Problem.notFound(.task(.noSuchTask)) }
      try TaskNotices(environment: environment, connection: connection).given(task, to: person, by: giver)
      return task
    }
  }
}
