import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// Calls the JSON API: every address is built from `Route` (never typed by hand), answers are
/// decoded into the shared bodies, and every failure becomes an `APIError`.
public struct APIClient: Sendable {
  public let server: URL
  let transport: any Transport
  /// The access token to send, read at each call.
  let token: @Sendable () -> String?
  /// Sent as `Accept-Language`, so the server words its problems in the app's language until
  /// the person chooses one in Settings.
  let language: ClientLanguage?

  public init(
    server: URL, transport: any Transport = URLSessionTransport(), token: @escaping @Sendable () -> String? = { nil },
    language: ClientLanguage? = nil
  ) {
    self.server = server
    self.transport = transport
    self.token = token
    self.language = language
  }

  /// Sends a route with an optional JSON body and decodes the answer.
  public func send<Response: Decodable & Sendable>(
    _ route: Route, body: (any Encodable & Sendable)? = nil, idempotencyKey: String? = nil, as type: Response.Type
  ) async throws(APIError) -> Response {
    try Self.decode(
      Response.self,
      from: try await exchange(
        route, body: body.flatMap { try? JSONEncoder().encode($0) }, contentType: "application/json",
        idempotencyKey: idempotencyKey))
  }

  /// Sends a route whose answer has no body (204).
  public func send(
    _ route: Route, body: (any Encodable & Sendable)? = nil, idempotencyKey: String? = nil
  ) async throws(APIError) {
    _ = try await exchange(
      route, body: body.flatMap { try? JSONEncoder().encode($0) }, contentType: "application/json",
      idempotencyKey: idempotencyKey)
  }

  /// Sends a route with a body that is not JSON (a photo), and decodes the answer.
  public func upload<Response: Decodable & Sendable>(
    _ route: Route, bytes: Data, contentType: String, as type: Response.Type
  ) async throws(APIError) -> Response {
    try Self.decode(
      Response.self, from: try await exchange(route, body: bytes, contentType: contentType, idempotencyKey: nil))
  }

  private static func decode<Response: Decodable>(_ type: Response.Type, from data: Data) throws(APIError) -> Response {
    do {
      return try JSONDecoder().decode(Response.self, from: data)
    } catch {
      throw .decoding(describe(error))
    }
  }

  private func exchange(
    _ route: Route, body: Data?, contentType: String, idempotencyKey: String?
  ) async throws(APIError) -> Data {
    guard let url = URL(string: route.pathAndQuery, relativeTo: server)?.absoluteURL else {
      throw .decoding("the server address \(server) cannot hold \(route.pathAndQuery)")
    }
    var headers = ["Accept": "application/json"]
    if let token = token() { headers["Authorization"] = "Bearer \(token)" }
    if let idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
    if let language { headers["Accept-Language"] = language.rawValue }
    if body != nil { headers["Content-Type"] = contentType }
    let data = body
    let response: TransportResponse
    do {
      response = try await transport.send(
        TransportRequest(method: route.method.rawValue, url: url, headers: headers, body: data))
    } catch .offline {
      throw .offline
    } catch .timeout {
      throw .timeout
    } catch {
      throw .offline
    }
    guard (200..<300).contains(response.status) else {
      let problem = try? JSONDecoder().decode(Problem.self, from: response.body)
      throw APIError.from(
        status: response.status, problem: problem, retryAfter: response.headers["retry-after"].flatMap { Int($0) })
    }
    return response.body
  }

  /// A decoding failure in words a developer can act on: which field, and what was wrong.
  static func describe(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      codingPath.isEmpty
        ? "the body" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?: return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context)?: return "\(path(context.codingPath)) is not a \(type)"
    case .valueNotFound(let type, let context)?: return "\(path(context.codingPath)) is null, expected \(type)"
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty ? "the body is not JSON" : "\(path(context.codingPath)) is not valid"
    default: return String(describing: error)
    }
  }
}

// MARK: - Typed calls

extension APIClient {
  public func login(username: String, password: String) async throws(APIError) -> SessionTokens {
    try await send(.auth(.login), body: LoginRequest(username: username, password: password), as: SessionTokens.self)
  }

  public func refresh(_ refreshToken: String) async throws(APIError) -> SessionTokens {
    try await send(.auth(.refresh), body: RefreshRequest(refreshToken: refreshToken), as: SessionTokens.self)
  }

  public func logout(refreshToken: String) async throws(APIError) {
    try await send(.auth(.logout(everywhere: false)), body: LogoutRequest(refreshToken: refreshToken))
  }

  /// Asks for a password-reset link by mail; the server answers alike for any address.
  public func forgotPassword(email: String) async throws(APIError) {
    try await send(.auth(.forgotPassword), body: ForgottenPassword(email: email))
  }

  /// Creates an account where the company allows it; a confirmation link goes by mail.
  public func signUp(_ body: SignUpRequest) async throws(APIError) -> SignUpAccepted {
    try await send(.auth(.signUp), body: body, as: SignUpAccepted.self)
  }

  /// The sign-up's confirmation link again; the server answers alike for any address.
  public func resendSignUp(email: String) async throws(APIError) -> SignUpAccepted {
    try await send(.auth(.resendSignUp), body: ForgottenPassword(email: email), as: SignUpAccepted.self)
  }

  public func me() async throws(APIError) -> User {
    try await send(.me(.show), as: User.self)
  }

  public func myLeave(year: Int? = nil) async throws(APIError) -> LeaveYear {
    try await send(.leave(.mine(year: year)), as: LeaveYear.self)
  }

  public func preview(_ query: LeaveQuery) async throws(APIError) -> LeavePreview {
    try await send(.leave(.preview(query)), as: LeavePreview.self)
  }

  public func requestLeave(_ request: NewLeaveRequest, idempotencyKey: String) async throws(APIError) -> SavedLeave {
    try await send(.leave(.create), body: request, idempotencyKey: idempotencyKey, as: SavedLeave.self)
  }

  /// Cancel, approve, reject or reopen a request.
  public func decide(
    _ action: LeaveAction, on id: String, reason: String? = nil, idempotencyKey: String
  ) async throws(APIError) -> LeaveRequestBody {
    let route: Route =
      switch action {
      case .approve: .approvals(.approve(id: id))
      case .reject: .approvals(.reject(id: id))
      case .reopen: .approvals(.reopen(id: id))
      case .cancel, .change: .leave(.cancel(id: id))
      }
    return try await send(
      route, body: LeaveDecision(reason: reason), idempotencyKey: idempotencyKey, as: LeaveRequestBody.self)
  }

  /// Approves or rejects several requests at once; each result says how its decision went.
  public func decideAll(
    _ batch: DecisionBatch, idempotencyKey: String
  ) async throws(APIError) -> DecisionResults {
    try await send(.approvals(.decideAll), body: batch, idempotencyKey: idempotencyKey, as: DecisionResults.self)
  }

  public func approvals(_ filter: ApprovalFilter = .pending) async throws(APIError) -> Page<ApprovalItem> {
    try await send(.approvals(.list(status: filter, page: .first)), as: Page<ApprovalItem>.self)
  }

  public func board(unreadOnly: Bool = false) async throws(APIError) -> Page<BoardItem> {
    try await send(.board(.notices(unreadOnly: unreadOnly, page: .first)), as: Page<BoardItem>.self)
  }

  public func markRead(_ id: String, idempotencyKey: String) async throws(APIError) {
    try await send(.board(.markRead(id: id)), idempotencyKey: idempotencyKey)
  }

  public func badge() async throws(APIError) -> Badge {
    try await send(.board(.badge), as: Badge.self)
  }

  public func company() async throws(APIError) -> CompanyBody {
    try await send(.company(.show), as: CompanyBody.self)
  }

  public func people(_ query: PeopleQuery = PeopleQuery()) async throws(APIError) -> Page<PersonSummary> {
    try await send(.people(.directory(query)), as: Page<PersonSummary>.self)
  }

  public func teamCalendar(month: String? = nil) async throws(APIError) -> TeamCalendar {
    try await send(.calendar(.team(month: month, departmentID: nil, locationID: nil)), as: TeamCalendar.self)
  }

  public func departments() async throws(APIError) -> Page<DepartmentBody> {
    try await send(.places(.departments(PageRequest(limit: PageRequest.maximumLimit))), as: Page<DepartmentBody>.self)
  }

  public func locations() async throws(APIError) -> Page<LocationBody> {
    try await send(.places(.locations(PageRequest(limit: PageRequest.maximumLimit))), as: Page<LocationBody>.self)
  }

  public func person(id: String) async throws(APIError) -> PersonProfile {
    try await send(.people(.profile(id: id)), as: PersonProfile.self)
  }

  public func updateMe(_ change: ProfileChange) async throws(APIError) -> PersonProfile {
    try await send(.me(.update), body: change, as: PersonProfile.self)
  }

  /// A new photo of oneself: JPEG, PNG or WebP bytes, at most 20 MiB.
  public func uploadMyPhoto(_ bytes: Data, contentType: String) async throws(APIError) -> PersonProfile {
    try await upload(.me(.updatePhoto), bytes: bytes, contentType: contentType, as: PersonProfile.self)
  }

  public func personLeave(id: String, year: Int? = nil) async throws(APIError) -> LeaveYear {
    try await send(.leave(.ofPerson(id: id, year: year)), as: LeaveYear.self)
  }

  public func leaveDetail(id: String) async throws(APIError) -> LeaveDetail {
    try await send(.leave(.detail(id: id)), as: LeaveDetail.self)
  }

  public func timeline(cursor: String? = nil) async throws(APIError) -> TimelinePage {
    try await send(.timeline(.page(PageRequest(limit: 50, cursor: cursor))), as: TimelinePage.self)
  }

  public func post(_ text: String) async throws(APIError) -> TimelineItem {
    try await send(.timeline(.createPost), body: NewPost(text: text), as: TimelineItem.self)
  }

  public func deletePost(id: String) async throws(APIError) {
    try await send(.timeline(.deletePost(id: id)))
  }

  public func settings() async throws(APIError) -> SettingsBody {
    try await send(.settings(.show), as: SettingsBody.self)
  }

  public func updateSettings(_ change: SettingsChange) async throws(APIError) -> SettingsBody {
    try await send(.settings(.update), body: change, as: SettingsBody.self)
  }

  /// Where the caller is signed in.
  public func sessions() async throws(APIError) -> Page<SessionBody> {
    try await send(.me(.sessions), as: Page<SessionBody>.self)
  }

  /// Deletes the caller's own account, confirmed by their e-mail and (local accounts) password.
  public func deleteAccount(email: String, password: String?) async throws(APIError) {
    try await send(.me(.deleteAccount), body: AccountDeletion(email: email, password: password))
  }

  /// Signs one session out; its access tokens stop working at once.
  public func endSession(id: String) async throws(APIError) {
    try await send(.me(.endSession(id: id)))
  }

  /// Registers this device for push, or refreshes it (the same token again).
  public func registerDevice(_ device: NewDevice) async throws(APIError) -> DeviceBody {
    try await send(.settings(.registerDevice), body: device, as: DeviceBody.self)
  }

  public func deleteDevice(id: String) async throws(APIError) {
    try await send(.settings(.deleteDevice(id: id)))
  }

  /// The app icon's number starts again from zero.
  public func resetBadge() async throws(APIError) -> Badge {
    try await send(.board(.resetBadge), as: Badge.self)
  }

  public func calendarFeeds() async throws(APIError) -> CalendarFeedBody {
    try await send(.calendar(.mine), as: CalendarFeedBody.self)
  }

  public func newCalendarFeeds() async throws(APIError) -> CalendarFeedBody {
    try await send(.calendar(.rotate), as: CalendarFeedBody.self)
  }
}
