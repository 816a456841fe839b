import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// Time off: the caller's year and requests, and a person's year.
  func handle(_ route: Route.Leave, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .mine(let year):
      let view = try leaveQueries.encodedMyLeave(year: year, principal: principal)
      return try JSONCoding.response(streaming: view, expectedSize: view.sizeEstimate)
    case .preview(let query):
      var preview = try leaveQueries.preview(query, principal: principal)
      preview.refusal = preview.refusal?.localized(in: readerLanguage(request, principal))
      return try JSONCoding.response(preview)
    case .create:
      let body = try JSONCoding.decode(NewLeaveRequest.self, from: request)
      let saved = try leave.create(body, by: principal)
      return try JSONCoding.response(
        saved, status: 201, headers: HTTPHeaders([("Location", Route.leave(.detail(id: saved.request.id)).path)]))
    case .detail(let id):
      return try JSONCoding.response(
        try leaveQueries.detail(id: id, principal: principal, language: readerLanguage(request, principal)))
    case .change(let id):
      let body = try JSONCoding.decode(LeaveChange.self, from: request)
      return try JSONCoding.response(try leave.change(id, body, by: principal))
    case .cancel(let id):
      return try decide(.cancel, id, request, principal)
    case .ofPerson(let id, let year):
      let view = try leaveQueries.encodedPersonLeave(id: id, year: year, principal: principal)
      return try JSONCoding.response(streaming: view, expectedSize: view.sizeEstimate)
    }
  }

  /// Deciding requests.
  func handle(_ route: Route.Approvals, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .list(let status, let page):
      let list = try leaveQueries.encodedApprovals(filter: status, page: page, principal: principal)
      return try JSONCoding.response(streaming: list, expectedSize: list.sizeEstimate)
    case .approve(let id):
      return try decide(.approve, id, request, principal)
    case .reject(let id):
      return try decide(.reject, id, request, principal)
    case .reopen(let id):
      return try decide(.reopen, id, request, principal)
    case .decideAll:
      let batch = try JSONCoding.decode(DecisionBatch.self, from: request)
      var answer = try approvals.decideAll(batch, by: principal, requestID: request.requestID)
      let language = readerLanguage(request, principal)
      for index in answer.results.indices {
        answer.results[index].problem = answer.results[index].problem?.localized(in: language)
      }
      return try JSONCoding.response(answer)
    case .rules:
      return try JSONCoding.response(try approvals.rules())
    case .updateRules:
      let change = try JSONCoding.decode(ApprovalRulesChange.self, from: request)
      return try JSONCoding.response(try approvals.updateRules(change, by: principal))
    }
  }

  /// Cancel, approve, reject, reopen: an optional `{reason}` body.
  private func decide(
    _ action: LeaveAction, _ id: String, _ request: HTTPRequest, _ principal: Principal
  ) throws -> HTTPResponse {
    let body = request.body.isEmpty ? LeaveDecision() : try JSONCoding.decode(LeaveDecision.self, from: request)
    return try JSONCoding.response(try leave.act(action, on: id, reason: body.reason, by: principal))
  }
}
