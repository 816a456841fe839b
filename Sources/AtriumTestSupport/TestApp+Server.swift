import AtriumHTTP

extension TestApp {
  /// The app on a real server on 127.0.0.1 (a free port, two network threads and two
  /// workers, no access log), started: what the tests that need a socket talk to. The caller
  /// stops it.
  public func startedServer() throws -> HTTPServer {
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 2, workerCount: 2, log: .discard),
      responder: app)
    try server.start()
    return server
  }
}
