import AtriumAPI
import AtriumClient
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: "Delete my account" in the SDK, on the real stack against the demo company.
@MainActor @Suite(.serialized) struct DeleteAccountViewModelTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  @Test func aRefusalSaysWhyByItsField_andOnceDeletedNothingStaysOnTheDevice() async throws {
    let (session, cache) = try await live.signIn("eva")
    cache.put(["Eva Fernández"], key: "me")
    let model = DeleteAccountViewModel(session: session, cache: cache, language: .es)
    #expect(model.state.explanation.contains("Antiguo empleado"))
    #expect(!model.state.isDeleteEnabled)

    model.emailChanged("eva@atrium-demo.example")
    model.passwordChanged("not-it")
    #expect(model.state.isDeleteEnabled)
    await model.deleteTapped()
    #expect(model.state.passwordError == "is not right", "the server's words, by the field")
    #expect(model.state.deletedMessage == nil)
    #expect(await session.isSignedIn)

    model.emailChanged("mario@atrium-demo.example")
    model.passwordChanged("atrium-demo")
    await model.deleteTapped()
    #expect(model.state.emailError == "is not right" && model.state.passwordError == nil)

    model.emailChanged("eva@atrium-demo.example")
    await model.deleteTapped()
    #expect(model.state.deletedMessage == "Tu cuenta se ha borrado.")
    #expect(model.state.error == nil && !model.state.isDeleteEnabled)
    #expect(await !session.isSignedIn, "the session is forgotten")
    #expect(cache.get([String].self, key: "me") == nil, "and what the device kept")
    #expect(throws: (any Error).self) { try live.app.login("eva") }
  }

  @Test func theOnlyAdministratorIsToldWhy() async throws {
    let (session, _) = try await live.signIn("ana")
    let model = DeleteAccountViewModel(session: session)
    model.emailChanged("ana@atrium-demo.example")
    model.passwordChanged("atrium-demo")
    await model.deleteTapped()
    #expect(
      model.state.error == "This is the only administrator: make someone else one first, or nobody could run Atrium.")
    #expect(await session.isSignedIn)
  }
}

/// `atrium account delete`, the real binary against a real server.
@Suite struct DeleteAccountCommandTests {
  @Test func theCommandLineDeletesTheSignedInAccount() throws {
    let app = try TestApp()
    let server = try CommandLineTests.serve(app)
    defer { server.stop() }
    let cli = CommandLineTests()
    let config = TemporaryDirectory()
    let login = try cli.atrium(
      ["login", "--username", "eva", "--password-stdin"], config: config.path, input: "atrium-demo\n",
      server: server.port)
    #expect(login.status == 0, "\(login.errors)")

    let usage = try cli.atrium(["account"], config: config.path, server: server.port)
    #expect(usage.status == 2 && usage.errors.contains("atrium account delete"))
    let refused = try cli.atrium(
      ["account", "delete", "--email", "eva@atrium-demo.example", "--password-stdin"], config: config.path,
      input: "not-it\n", server: server.port)
    #expect(refused.status == 4 && refused.errors.contains("password: is not right"), "\(refused.errors)")

    let deleted = try cli.atrium(
      ["account", "delete", "--email", "eva@atrium-demo.example", "--password-stdin"], config: config.path,
      input: "atrium-demo\n", server: server.port, language: "es_ES.UTF-8")
    #expect(deleted.status == 0, "\(deleted.errors)")
    #expect(deleted.output.contains("Antiguo empleado") && deleted.output.contains("Tu cuenta se ha borrado."))
    #expect(try cli.atrium(["me"], config: config.path, server: server.port).status == 3, "signed out here too")
    #expect(throws: (any Error).self) { try app.login("eva") }
  }
}
