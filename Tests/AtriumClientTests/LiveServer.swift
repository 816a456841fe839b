import AtriumClient
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServices
import AtriumTestSupport
import Foundation

/// The demo company on a real server on 127.0.0.1, with a network the test can take away,
/// and a cache file per test: what the view-level tests run the SDK against. Its parts are
/// set once and thread-safe themselves (the switch is a mutex).
final class LiveServer: @unchecked Sendable {
  let app: TestApp
  let server: HTTPServer
  let transport = SwitchableTransport()
  let folder = TemporaryDirectory()

  /// - Parameter configure: Changes to the server's environment (push settings).
  init(configure: (inout ServerEnvironment) -> Void = { _ in }) throws {
    app = try TestApp(configure: configure)
    server = try app.startedServer()
  }

  deinit { server.stop() }

  var address: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

  /// A session signed in with the demo password, and a cache file of its own.
  func signIn(_ username: String) async throws -> (session: ClientSession, cache: ClientCache) {
    let session = ClientSession(server: address, store: MemoryTokenStore(), transport: transport)
    _ = try await session.signIn(username: username, password: "atrium-demo")
    return (session, try ClientCache(path: folder.path + "/\(username)-\(UUID().uuidString).sqlite"))
  }

  var isOffline: Bool {
    get { transport.isOffline.withLock { $0 } }
    set { transport.isOffline.withLock { $0 = newValue } }
  }
}

/// The first event with this name (and data that `matching` takes) on a stream, with a
/// generous deadline; nil when none came. The stream ends with the wait.
func nextEvent(
  named name: String, from stream: AsyncThrowingStream<ServerEvent, any Error>,
  matching: @escaping @Sendable (String) -> Bool = { _ in true }
) async throws -> ServerEvent? {
  try await withThrowingTaskGroup(of: ServerEvent?.self) { group in
    group.addTask {
      for try await event in stream where event.name == name && matching(event.data) { return event }
      return nil
    }
    group.addTask {
      try await Task.sleep(for: .seconds(20))
      return nil
    }
    let first = try await group.next() ?? nil
    group.cancelAll()
    return first
  }
}
