import AtriumAPI
import AtriumHTTP
import AtriumLog
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20's "done when": eva adds a task offline in the CLI and another on the web, edits the
/// same task's title on both while the CLI is offline, syncs, sees one conflict with both
/// titles, resolves it, and both show the same list; mario gives eva an onboarding task and
/// sees when she marks it done.
@Suite(.serialized, .checksBalanceRows) struct TaskDoneWhenTests {
  @Test func evaOnTheCLIAndTheWeb_andMariosOnboardingTask() throws {
    let app = try TestApp()
    func serve(port: Int) throws -> HTTPServer {
      let server = HTTPServer(
        configuration: .init(host: "127.0.0.1", port: port, threadCount: 2, workerCount: 2, log: .discard),
        responder: app.app)
      try server.start()
      return server
    }
    var server = try serve(port: 0)
    let port = server.port
    let folder = TemporaryDirectory()
    let cli = folder.path
    #expect(
      try AtriumCLI.run(
        ["login", "--username", "eva", "--password-stdin"], config: cli, input: "atrium-demo\n", server: port
      ).status == 0)
    let web = WebClient(app)
    web.signIn("eva")

    // A task on the web, seen by the CLI; then the CLI goes offline.
    web.submit("/tasks", from: "/tasks", ["title": "Book the train"])
    let listed = try AtriumCLI.run(["tasks"], config: cli)
    #expect(listed.output.contains("Book the train"), "\(listed)")
    let shortID = try #require(listed.output.split(separator: "\n").first.map { String($0.prefix(8)) })
    server.stop()
    let offlineAdd = try AtriumCLI.run(["task", "add", "Pack the charger"], config: cli)
    #expect(offlineAdd.status == 0 && offlineAdd.errors.contains("unsent"), "\(offlineAdd)")
    let offlineEdit = try AtriumCLI.run(
      ["task", "edit", shortID, "--title", "Book the train to Valladolid"], config: cli)
    #expect(offlineEdit.errors.contains("unsent"), "\(offlineEdit)")
    // Meanwhile, on the web (the server is up again for it), the same title changes.
    server = try serve(port: port)
    defer { server.stop() }
    let token = try app.login("eva").accessToken
    let task = try #require(
      try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: token)).items.first)
    web.submit(
      "/tasks/\(task.id)", from: "/tasks/\(task.id)/edit", ["version": "1", "title": "Book the train to Madrid"])

    // The CLI syncs: its add lands, its edit meets the web's: one conflict with both titles.
    let synced = try AtriumCLI.run(["tasks"], config: cli)
    #expect(synced.output.contains("Pack the charger") && synced.output.contains("conflicts: 1"), "\(synced)")
    let page = web.get("/tasks").text
    #expect(
      page.contains("Your change: Book the train to Valladolid") && page.contains("Now: Book the train to Madrid"))
    let resolved = try AtriumCLI.run(["task", "resolve", shortID, "title", "--keep", "mine"], config: cli)
    #expect(resolved.status == 0, "\(resolved)")
    let cliList = try AtriumCLI.run(["tasks", "--json"], config: cli)
    let titles = try JSONDecoder().decode(CLIPage.self, from: Data(cliList.output.utf8)).items.map(\.title).sorted()
    #expect(titles == ["Book the train to Valladolid", "Pack the charger"])
    let webPage = web.get("/tasks").text
    #expect(titles.allSatisfy { webPage.contains("<strong>\($0)</strong>") } && !webPage.contains("data-field="))

    // mario gives eva an onboarding task; she marks it done in the CLI; mario sees it done.
    let mario = try app.login("mario").accessToken
    let given = app.send(
      .tasks(.assign(personID: try app.login("eva").user.id)), json: #"{"title": "Onboarding: sign the handbook"}"#,
      token: mario)
    #expect(given.status == 201)
    let withGiven = try AtriumCLI.run(["tasks"], config: cli)
    let line = try #require(withGiven.output.split(separator: "\n").first { $0.contains("Onboarding") })
    #expect(line.contains("from Mario López"))
    #expect(try AtriumCLI.run(["task", "done", String(line.prefix(8))], config: cli).status == 0)
    let marios = try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: mario))
    #expect(marios.items.map(\.done) == [true], "mario sees she did it")
  }

  struct CLIPage: Decodable {
    struct Line: Decodable { let title: String }
    let items: [Line]
  }
}
