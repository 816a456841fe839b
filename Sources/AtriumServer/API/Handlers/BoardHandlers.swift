import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// Notices and the badge.
  func handle(_ route: Route.Board, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .notices(let unreadOnly, let page):
      return try JSONCoding.response(
        try board.page(
          unreadOnly: unreadOnly, page: page, principal: principal, language: readerLanguage(request, principal)))
    case .post:
      let body = try JSONCoding.decode(NewNotice.self, from: request)
      return try JSONCoding.response(try board.post(body, by: principal), status: 201)
    case .update(let id):
      let body = try JSONCoding.decode(NoticeChange.self, from: request)
      return try JSONCoding.response(try board.update(id: id, body, by: principal))
    case .delete(let id):
      try board.delete(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .markRead(let id):
      try board.markRead(id: id, principal: principal)
      return HTTPResponse(status: 204)
    case .markAllRead:
      try board.markAllRead(principal: principal)
      return HTTPResponse(status: 204)
    case .badge:
      return try JSONCoding.response(try board.badge(principal: principal))
    case .resetBadge:
      return try JSONCoding.response(try board.resetBadge(principal: principal))
    }
  }
}
