import AtriumAPI
import AtriumMessages
import Foundation

/// A signed-in session: calls the API with the access token, and when the server answers 401
/// refreshes the tokens once and retries once. A refresh the server refuses ends the session
/// (the tokens are forgotten and the caller sees `.unauthorized`: show signed-out).
/// Concurrent calls that meet an expired token share one refresh, since a refresh token used
/// twice makes the server end the session.
public actor ClientSession {
  public let server: URL
  private let store: any TokenStore
  private let transport: any Transport
  /// The app's language, sent with every call (`APIClient.language`).
  private let language: ClientLanguage?
  private var stored: StoredSession?
  private var refreshing: Task<Result<StoredSession, APIError>, Never>?

  public init(
    server: URL, store: any TokenStore, transport: any Transport = URLSessionTransport(),
    language: ClientLanguage? = nil
  ) {
    self.server = server
    self.store = store
    self.transport = transport
    self.language = language
    let saved = store.load()
    self.stored = saved?.server == server.absoluteString ? saved : nil
  }

  public var isSignedIn: Bool { stored != nil }
  public var username: String? { stored?.username }
  public var userID: String? { stored?.userID }

  public func signIn(username: String, password: String) async throws(APIError) -> User {
    let tokens = try await APIClient(server: server, transport: transport, language: language).login(
      username: username, password: password)
    let session = StoredSession(
      server: server.absoluteString, username: tokens.user.username, accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken, userID: tokens.user.id)
    stored = session
    try? store.save(session)
    return tokens.user
  }

  /// Ends the session on the server (when it can be reached) and forgets it here.
  public func signOut() async {
    if let refresh = stored?.refreshToken {
      let token = stored?.accessToken
      try? await APIClient(server: server, transport: transport, token: { token }, language: language).logout(
        refreshToken: refresh)
    }
    forget()
  }

  /// Deletes the account on the server, then forgets the session here (its tokens no longer
  /// work anywhere).
  public func deleteAccount(email: String, password: String?) async throws(APIError) {
    try await call { try await $0.deleteAccount(email: email, password: password) }
    forget()
  }

  /// Runs API calls with the current token, refreshing and retrying once on 401.
  public func call<T: Sendable>(_ body: @Sendable (APIClient) async throws -> T) async throws(APIError) -> T {
    guard let current = stored else { throw .unauthorized }
    do {
      return try await body(client(token: current.accessToken))
    } catch APIError.unauthorized {
      let renewed = try await refresh(from: current)
      do {
        return try await body(client(token: renewed.accessToken))
      } catch {
        throw Self.apiError(error)
      }
    } catch {
      throw Self.apiError(error)
    }
  }

  /// The signed-in person's live events (`/api/v1/events`) as they happen, until the server
  /// or the network ends the stream or the caller stops iterating. An expired token is
  /// refreshed once, as for calls. To miss nothing across reconnections, pass the last id seen.
  public func events(lastEventID: String? = nil) async throws(APIError) -> AsyncThrowingStream<ServerEvent, any Error> {
    guard let current = stored else { throw .unauthorized }
    do {
      return try await openEvents(token: current.accessToken, lastEventID: lastEventID)
    } catch .unauthorized {
      let renewed = try await refresh(from: current)
      return try await openEvents(token: renewed.accessToken, lastEventID: lastEventID)
    }
  }

  private func openEvents(
    token: String, lastEventID: String?
  ) async throws(APIError) -> AsyncThrowingStream<ServerEvent, any Error> {
    guard let url = URL(string: Route.events(.stream).pathAndQuery, relativeTo: server)?.absoluteURL else {
      throw .notFound
    }
    var headers = ["Accept": "text/event-stream", "Authorization": "Bearer \(token)"]
    if let lastEventID { headers["Last-Event-ID"] = lastEventID }
    let stream: TransportStream
    do {
      // The server sends a heartbeat every 15 s: a minute of silence means the line is dead.
      stream = try await transport.open(TransportRequest(method: "GET", url: url, headers: headers, timeout: 60))
    } catch {
      throw error == .timeout ? .timeout : .offline
    }
    guard stream.status == 200 else {
      var body = Data()
      do {
        for try await piece in stream.chunks where body.count < 65_536 { body.append(piece) }
      } catch {}
      stream.cancel()
      throw APIError.from(
        status: stream.status, problem: try? JSONDecoder().decode(Problem.self, from: body),
        retryAfter: stream.headers["retry-after"].flatMap { Int($0) })
    }
    return AsyncThrowingStream { continuation in
      let reader = Task {
        var parser = ServerSentEventParser()
        do {
          for try await piece in stream.chunks {
            for event in parser.feed(piece) { continuation.yield(event) }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error as? TransportError == .timeout ? APIError.timeout : APIError.offline)
        }
      }
      continuation.onTermination = { _ in
        reader.cancel()
        stream.cancel()
      }
    }
  }

  private static func apiError(_ error: any Error) -> APIError {
    error as? APIError ?? .decoding(String(describing: error))
  }

  private func client(token: String) -> APIClient {
    APIClient(server: server, transport: transport, token: { token }, language: language)
  }

  /// One refresh at a time; a call that finds a newer session than the one it failed with
  /// simply uses it. A refusal ends the session; being offline keeps it for later.
  private func refresh(from failed: StoredSession) async throws(APIError) -> StoredSession {
    if let stored, stored.accessToken != failed.accessToken { return stored }
    let task: Task<Result<StoredSession, APIError>, Never>
    if let refreshing {
      task = refreshing
    } else {
      let server = self.server
      let transport = self.transport
      task = Task { () -> Result<StoredSession, APIError> in
        do {
          let tokens = try await APIClient(server: server, transport: transport, language: language).refresh(
            failed.refreshToken)
          return .success(
            StoredSession(
              server: failed.server, username: failed.username, accessToken: tokens.accessToken,
              refreshToken: tokens.refreshToken, userID: failed.userID))
        } catch let error as APIError {
          return .failure(error)
        } catch {
          return .failure(.offline)
        }
      }
      refreshing = task
    }
    let outcome = await task.value
    refreshing = nil
    switch outcome {
    case .success(let renewed):
      stored = renewed
      try? store.save(renewed)
      return renewed
    case .failure(.offline):
      throw .offline
    case .failure(.timeout):
      throw .timeout
    case .failure:
      forget()
      throw .unauthorized
    }
  }

  private func forget() {
    stored = nil
    try? store.save(nil)
  }
}
