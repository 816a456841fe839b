import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices

extension AtriumApp {
  /// The notification outbox (admins only, checked before).
  func handle(_ route: Route.Outbox, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    let outbox = OutboxService(environment: environment)
    switch route {
    case .status:
      return try JSONCoding.response(try outbox.status(principal: principal))
    case .list(let status, let page):
      return try JSONCoding.response(try outbox.list(filter: status, page: page, principal: principal))
    }
  }
}
