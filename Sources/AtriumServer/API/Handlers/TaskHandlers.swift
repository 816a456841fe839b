import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices

extension AtriumApp {
  /// Tasks: the batch of operations, snapshots, the change feed and conflicts.
  func handle(_ route: Route.Tasks, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    let tasks = TaskService(environment: environment)
    let language = readerLanguage(request, principal)
    switch route {
    case .ops:
      let batch = try JSONCoding.decode(TaskOpsBody.self, from: request)
      return try JSONCoding.response(try tasks.apply(batch, principal: principal, language: language))
    case .list(let page):
      return try JSONCoding.response(try tasks.list(page, principal: principal))
    case .changes(let since, let limit):
      return try JSONCoding.response(try tasks.changes(since: since, limit: limit, principal: principal))
    case .show(let id):
      return try JSONCoding.response(try tasks.task(id: id, principal: principal))
    case .resolve(let id):
      let body = try JSONCoding.decode(TaskResolution.self, from: request)
      return try JSONCoding.response(try tasks.resolve(id: id, body, principal: principal, language: language))
    case .update(let id):
      let change = try JSONCoding.decode(TaskChangeBody.self, from: request)
      return try answeringStale {
        try JSONCoding.response(
          try tasks.update(
            id: id, change, ifMatch: request.headers["If-Match"], principal: principal, language: language))
      }
    case .delete(let id):
      return try answeringStale {
        try tasks.delete(id: id, ifMatch: request.headers["If-Match"], principal: principal, language: language)
        return HTTPResponse(status: 204)
      }
    case .assign(let personID):
      let body = try JSONCoding.decode(NewAssignedTask.self, from: request)
      return try JSONCoding.response(
        try tasks.assign(to: personID, body, principal: principal, language: language), status: 201)
    }
  }

  /// A stale `If-Match` answers 412 with the task as it is now, for the client to merge.
  private func answeringStale(_ work: () throws -> HTTPResponse) throws -> HTTPResponse {
    do {
      return try work()
    } catch let stale as TaskService.StaleVersion {
      var headers = HTTPHeaders()
      headers.set("ETag", "\"\(stale.current.version)\"")
      return try JSONCoding.response(stale.current, status: 412, headers: headers)
    }
  }
}
