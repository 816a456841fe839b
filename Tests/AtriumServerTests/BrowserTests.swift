import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Synchronization
import Testing

/// The web app in headless Chromium (selenium from `.venv`, Chromium and its driver from
/// Debian, all installed by `make test`): `browser-tests/web_flow.py` signs in, asks for
/// leave, approves it as the manager and reads the result, at 1280 and 390 px and in Spanish,
/// saving screenshots under `test-output/screenshots`.
@Suite(.serialized, .checksBalanceRows) struct BrowserTests {
  static let root = BrowserScript.root

  /// Runs a script of `browser-tests/`; expects it to exit 0 and say "all steps passed".
  static func runScript(_ name: String, _ arguments: [String]) throws {
    let outcome = try BrowserScript.run(name, arguments)
    #expect(outcome.passed, "\(outcome.output)")
  }

  /// Serves `app` on a free loopback port with the outbox's sender running as `atrium serve`
  /// runs it, while `body` (a browser script waiting for mail) uses the port.
  static func servingWithMail(
    _ app: TestApp, mail: MailSettings, _ body: (_ port: Int) throws -> Void
  ) throws {
    let sender = MailSender(environment: app.environment, mail: mail, holder: "browser-test")
    try serving(app, sending: { _ = try? sender.sendDue() }, body)
  }

  /// Serves `app` on a free loopback port, running `send` (an outbox sender's round) every
  /// 0.2 s meanwhile, while `body` uses the port.
  static func serving(
    _ app: TestApp, sending send: @escaping @Sendable () -> Void, _ body: (_ port: Int) throws -> Void
  ) throws {
    let server = try app.startedServer()
    defer { server.stop() }
    let running = Atomic(true)
    let senderDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      while running.load(ordering: .relaxed) {
        send()
        Thread.sleep(forTimeInterval: 0.2)
      }
      senderDone.signal()
    }
    defer {
      running.store(false, ordering: .relaxed)
      senderDone.wait()
    }
    try body(server.port)
  }

  @Test func theMainFlowWorksInARealBrowser() throws {
    let app = try TestApp()
    // One very long name in eva's team, which the team calendar must cut, not grow for.
    let pablo = try app.login("pablo.ruiz").user.id
    let long = "Ruiz de la Santísima Trinidad y Todos los Santos de Valladolid del Campo"
    let renamed = app.send(
      .people(.update(id: pablo)), json: #"{"lastName": "\#(long)"}"#, token: try app.login("ana").accessToken)
    #expect(renamed.status == 200, "\(renamed.text)")
    let server = try app.startedServer()
    defer { server.stop() }
    try Self.runScript(
      "web_flow.py",
      ["http://127.0.0.1:\(server.port)", Self.root.appendingPathComponent("test-output/screenshots").path])
  }
}
