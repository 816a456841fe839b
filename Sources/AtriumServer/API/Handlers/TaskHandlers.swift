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
    }
  }
}
