import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The Tasks section's pages and forms: each form is one operation of the sync protocol,
  /// with the version the page showed, so a stale one shows what changed instead of
  /// overwriting it.
  func page(
    _ page: WebPage.Tasks, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    let tasks = TaskService(environment: environment)
    let language = context.language
    let list = WebPage.tasks(.list(filter: nil))
    /// Runs a form's change and goes back to `to`, saying why when it was refused.
    func change(_ to: WebPage, _ work: () throws -> String?) -> HTTPResponse {
      formChange(to: to, visitor: visitor, request: request, context: context, work)
    }
    /// One operation from a form; a refusal or a conflict is said, not hidden.
    func operate(_ id: String, _ kind: TaskOperation.Kind) throws -> TaskOpResult {
      try tasks.apply(
        TaskOperation(opID: environment.makeID(), taskID: id, kind: kind), principal: principal, language: language
      ).0
    }
    func said(_ result: TaskOpResult) throws -> String? {
      if let error = result.error { throw Problem(status: error.status, title: "", detail: error.message) }
      return nil
    }
    switch page {
    case .list(let filter, let undo):
      let all = try tasks.list(PageRequest(limit: PageRequest.maximumLimit), principal: principal).items
      let undone = undo.flatMap { id in try? tasks.task(id: id, principal: principal) }.flatMap {
        $0.deleted ? $0 : nil
      }
      return html(
        TasksPage.render(context, tasks: all, filter: filter, viewerID: principal.employee.id, undo: undone))
    case .add:
      return change(list) {
        var fields = TaskFields(title: form["title"] ?? "", notes: form["notes"] ?? "")
        if let due = form["due"], !due.isEmpty {
          guard let date = CalendarDate(due) else {
            throw Problem.invalid(ValidationFailure([FieldError(field: "due", rule: .date)]))
          }
          fields.due = date
        }
        return try said(try operate(UUID().uuidString.lowercased(), .create(fields)))
      }
    case .toggle(let id):
      return change(list) {
        let done = form["done"] == "on"
        _ = try tasks.update(
          id: id, TaskChangeBody(fields: ["done": .bool(done)]), ifMatch: form["version"], principal: principal,
          language: language)
        return nil
      }
    case .edit(let id):
      return html(TasksPage.edit(context, try tasks.task(id: id, principal: principal)))
    case .save(let id):
      var fields: [String: TaskJSON] = [:]
      for name in ["title", "notes"] { if let value = form[name] { fields[name] = .string(value) } }
      if let due = form["due"] { fields["due"] = due.isEmpty ? .null : .string(due) }
      do {
        _ = try tasks.update(
          id: id, TaskChangeBody(fields: fields), ifMatch: form["version"], principal: principal, language: language)
      } catch let stale as TaskService.StaleVersion {
        return html(TasksPage.edit(context, stale.current, typed: form), status: 409)
      } catch {
        let problem = formProblem(error, in: language)
        let message = problem.errors?.first.map { "\($0.field): \($0.message)" } ?? problem.detail ?? ""
        return redirect(to: .tasks(.edit(id: id)), saying: message, visitor: visitor, request: request)
      }
      return HTTPResponse.seeOther(list.href)
    case .delete(let id):
      do {
        try tasks.delete(id: id, ifMatch: form["version"], principal: principal, language: language)
      } catch let stale as TaskService.StaleVersion {
        return redirect(
          to: list, saying: context(TaskText.changedMeanwhile) + " (\(stale.current.title))", visitor: visitor,
          request: request)
      }
      return HTTPResponse.seeOther(WebPage.tasks(.list(filter: nil, undo: id)).href)
    case .restore(let id):
      return change(list) { try said(try operate(id, .restore)) }
    case .resolve(let id):
      return change(list) {
        _ = try tasks.resolve(
          id: id, TaskResolution(field: form["field"] ?? "", choice: form["choice"] ?? ""), principal: principal,
          language: language)
        return nil
      }
    case .giveForm(let personID):
      return html(TasksPage.give(context, to: try people.profile(id: personID, principal: principal)))
    case .give(let personID):
      return change(.team(.person(id: personID))) {
        let given = try tasks.assign(
          to: personID,
          NewAssignedTask(
            title: form["title"] ?? "", notes: form["notes"], due: form["due"].flatMap { $0.isEmpty ? nil : $0 }),
          principal: principal, language: language)
        return context(TaskText.given(given.owner.displayName))
      }
    }
  }
}
