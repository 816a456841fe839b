import AtriumAPI
import AtriumClient
import AtriumHTTP
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

/// Sessions against the real server: tokens kept, an expired access token refreshed once and
/// the call retried, a refused refresh ending the session.
@Suite(.serialized) struct ClientSessionTests {
  let live: LiveServer
  var app: TestApp { live.app }
  var server: HTTPServer { live.server }
  var address: URL { live.address }

  init() throws { live = try LiveServer() }

  @Test func tokensAreKeptInAPrivateFile() throws {
    defer { server.stop() }
    let folder = TemporaryDirectory()
    let store = FileTokenStore(path: folder.path + "/config/atrium/session.json")
    let session = StoredSession(server: "http://x", username: "eva", accessToken: "a", refreshToken: "r")
    try store.save(session)
    #expect(store.load() == session)
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    try store.save(nil)
    #expect(store.load() == nil)
    #expect(FileTokenStore.defaultPath(environment: ["HOME": "/home/eva"]) == "/home/eva/.config/atrium/session.json")
    #expect(FileTokenStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg"]) == "/cfg/atrium/session.json")
  }

  @Test func anExpiredAccessTokenIsRefreshedOnceForConcurrentCalls() async throws {
    defer { server.stop() }
    let store = MemoryTokenStore()
    let session = ClientSession(server: address, store: store)
    #expect(try await session.signIn(username: "eva", password: "atrium-demo").username == "eva")
    let first = try #require(store.load())
    app.clock.advance(by: 16 * 60)
    // Both calls meet the expired token; one refresh serves both (a second would be a replay).
    async let me = session.call { try await $0.me() }
    async let year = session.call { try await $0.myLeave() }
    let (user, leave) = try await (me, year)
    #expect(user.username == "eva" && leave.year == 2026)
    let renewed = try #require(store.load())
    #expect(renewed.accessToken != first.accessToken && renewed.refreshToken != first.refreshToken)
    #expect(try await session.call { try await $0.me() }.username == "eva")
  }

  @Test func aRefusedRefreshSignsOut() async throws {
    defer { server.stop() }
    let store = MemoryTokenStore()
    let session = ClientSession(server: address, store: store)
    _ = try await session.signIn(username: "eva", password: "atrium-demo")
    app.clock.advance(by: 31 * 24 * 3600)
    await #expect(throws: APIError.unauthorized) { _ = try await session.call { try await $0.me() } }
    #expect(await !session.isSignedIn)
    #expect(store.load() == nil)
  }

  @Test func beingOfflineKeepsTheSession() async throws {
    defer { server.stop() }
    let store = MemoryTokenStore(
      StoredSession(server: "https://session.example", username: "eva", accessToken: "old", refreshToken: "r"))
    let session = ClientSession(
      server: URL(string: "https://session.example")!, store: store,
      transport: URLSessionTransport(configuration: StubProtocol.configuration))
    StubProtocol.fail(.notConnectedToInternet, host: "session.example")
    await #expect(throws: APIError.offline) { _ = try await session.call { try await $0.me() } }
    #expect(await session.isSignedIn)
    #expect(store.load()?.accessToken == "old")
  }
}
