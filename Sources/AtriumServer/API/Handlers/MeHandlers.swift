import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// The caller's own account.
  func handle(_ route: Route.Me, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .show:
      let user = try environment.database.read { try users.user(for: principal.employee, connection: $0) }
      return try JSONCoding.response(user)
    case .update:
      let body = try JSONCoding.decode(ProfileChange.self, from: request)
      return try JSONCoding.response(try people.updateMe(body, principal: principal))
    case .changePassword:
      let body = try JSONCoding.decode(PasswordChange.self, from: request)
      return try JSONCoding.response(
        try accounts.changePassword(body, by: principal, origin: sessionOrigin(of: request)))
    case .updatePhoto:
      return try JSONCoding.response(try photos.upload(request.body, for: principal.employee.id, by: principal))
    case .deletePhoto:
      try photos.remove(for: principal.employee.id, by: principal)
      return HTTPResponse(status: 204)
    case .sessions:
      return try JSONCoding.response(try sessions.list(principal: principal))
    case .endSession(let id):
      try sessions.end(id: id, principal: principal)
      return HTTPResponse(status: 204)
    case .deleteAccount:
      let body = try JSONCoding.decode(AccountDeletion.self, from: request)
      try AccountErasureService(environment: environment, auth: auth).deleteOwnAccount(
        body, principal: principal, address: clientAddress(of: request))
      return HTTPResponse(status: 204)
    case .changeEmail:
      let body = try JSONCoding.decode(EmailChange.self, from: request)
      try EmailChangeService(environment: environment, auth: auth).request(
        body, principal: principal, origin: clientAddress(of: request), language: readerLanguage(request, principal))
      return HTTPResponse(status: 202)
    }
  }
}
