import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumTestSupport
import Foundation
import Testing

/// The `atrium` command-line client as a person runs it: a real process against a real
/// server, each person with their own config folder.
@Suite(.serialized) struct CommandLineTests {
  typealias Run = AtriumCLI.Run

  func atrium(
    _ arguments: [String], config: String, input: String = "", server: Int? = nil, language: String = "en_US.UTF-8"
  ) throws -> Run {
    try AtriumCLI.run(arguments, config: config, input: input, server: server, language: language)
  }

  /// Signs `name` in (demo password) with a config folder of their own under `folders`, which
  /// the later commands of that person use.
  func signIn(_ name: String, port: Int, in folders: TemporaryDirectory) throws -> String {
    let config = folders.path + "/" + name
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    let login = try atrium(
      ["login", "--username", name, "--password-stdin"], config: config, input: "atrium-demo\n", server: port)
    try #require(login.status == 0, "\(login.errors)")
    return config
  }

  /// The app on a free loopback port, for the real binary to talk to.
  static func serve(_ app: TestApp) throws -> HTTPServer {
    let server = try app.startedServer()
    return server
  }

  @Test func anEmployeeAsksAManagerApprovesAndTheBoardSaysSo() throws {
    let app = try TestApp()
    let server = try Self.serve(app)
    defer { server.stop() }
    let evaConfig = TemporaryDirectory()
    let marioConfig = TemporaryDirectory()

    let notSignedIn = try atrium(["me"], config: evaConfig.path)
    #expect(notSignedIn.status == 3)
    let wrong = try atrium(
      ["login", "--username", "eva", "--password-stdin"], config: evaConfig.path, input: "nope\n", server: server.port)
    #expect(wrong.status == 3)
    #expect(wrong.errors.contains("Wrong username or password."))

    let login = try atrium(
      ["login", "--username", "eva", "--password-stdin"], config: evaConfig.path, input: "atrium-demo\n",
      server: server.port)
    #expect(login.status == 0, "\(login.errors)")
    #expect(login.output.contains("Signed in") && login.output.contains("Eva Fernández"))
    let session = evaConfig.path + "/atrium/session.json"
    let permissions = try FileManager.default.attributesOfItem(atPath: session)[.posixPermissions] as? NSNumber
    #expect(permissions?.intValue == 0o600)

    let request = try atrium(["leave", "request", "2026-04-06", "2026-04-08", "--yes"], config: evaConfig.path)
    #expect(request.status == 0, "\(request.errors)")
    #expect(request.output.contains("Takes 3 working days."))
    #expect(request.output.contains("Request sent."))
    let leave = try atrium(["leave"], config: evaConfig.path)
    #expect(
      leave.output.contains("3 pending") && leave.output.contains("2026-04-06 – 2026-04-08  Vacation  3 days  Pending"))
    let declined = try atrium(["leave", "request", "2026-05-04", "2026-05-04"], config: evaConfig.path, input: "n\n")
    #expect(declined.output.contains("Not sent."))
    let bad = try atrium(["leave", "request", "someday", "2026-05-04"], config: evaConfig.path)
    #expect(bad.status == 2)

    #expect(
      try atrium(
        ["login", "--username", "mario", "--password-stdin"], config: marioConfig.path, input: "atrium-demo\n",
        server: server.port
      ).status == 0)
    let approvals = try atrium(["approvals"], config: marioConfig.path)
    let id = try #require(
      approvals.output.split(separator: "\n").first { $0.contains("Eva Fernández") }.map {
        String($0.prefix { $0 != " " })
      })
    let approved = try atrium(["approve", id], config: marioConfig.path)
    #expect(approved.output.contains("Eva Fernández  2026-04-06 – 2026-04-08  Approved"), "\(approved.output)")
    let again = try atrium(["approve", id], config: marioConfig.path)
    #expect(again.status == 4, "a conflict is a refusal by the server")

    let board = try atrium(["board", "--json"], config: evaConfig.path)
    #expect(board.status == 0 && board.output.contains("Mario López approved your request"))
    // Eva is told of Mario's decision, never of her own request.
    let readable = try atrium(["board"], config: evaConfig.path)
    #expect(readable.output.hasPrefix("1 unread"), "\(readable.output)")
    let notice = try #require(
      readable.output.split(separator: "\n").first { $0.contains("approved your request") }.map {
        String($0.prefix { $0 != " " })
      })
    #expect(try atrium(["board", "read", notice], config: evaConfig.path).output.hasPrefix("0 unread"))
    #expect(try atrium(["board", "read", "no-such-notice"], config: evaConfig.path).status == 4)
    #expect(try atrium(["calendar", "--month", "2026-04"], config: evaConfig.path).output.contains("Eva Fernández"))

    #expect(try atrium(["logout"], config: evaConfig.path).status == 0)
    #expect(!FileManager.default.fileExists(atPath: session))
    #expect(try atrium(["me"], config: evaConfig.path).status == 3)
    let signInAgain = try atrium(
      ["login", "--username", "eva", "--password-stdin"], config: evaConfig.path, input: "atrium-demo\n")
    #expect(signInAgain.status == 0, "the server of the last sign-in is remembered: \(signInAgain.errors)")
  }
}

extension CommandLineTests {
  @Test func offlineTheClientShowsTheLastCopyAndSendsSavedChangesLater() throws {
    let app = try TestApp()
    var server = try app.startedServer()
    let port = server.port
    let eva = TemporaryDirectory()
    let mario = TemporaryDirectory()
    for (config, name) in [(eva, "eva"), (mario, "mario")] {
      #expect(
        try atrium(
          ["login", "--username", name, "--password-stdin"], config: config.path, input: "atrium-demo\n", server: port
        ).status == 0)
    }
    #expect(try atrium(["leave", "request", "2026-04-06", "2026-04-07", "--yes"], config: eva.path).status == 0)
    let online = try atrium(["leave"], config: eva.path)
    let calendar = try atrium(["calendar"], config: eva.path)
    let team = try atrium(["team", "fernandez"], config: eva.path)
    let approvals = try atrium(["approvals"], config: mario.path)
    let id = try #require(
      approvals.output.split(separator: "\n").first { $0.contains("Eva Fernández") }.map {
        String($0.prefix { $0 != " " })
      })

    server.stop()
    let offline = try atrium(["leave"], config: eva.path)
    #expect(offline.status == 0)
    #expect(offline.errors.contains("Offline: showing the last saved copy."))
    #expect(offline.output == online.output, "the same year as last seen")
    for (command, seen) in [(["calendar"], calendar), (["team", "fernandez"], team)] {
      let again = try atrium(command, config: eva.path)
      #expect(again.status == 0 && again.output == seen.output, "\(command) offline shows the last copy")
    }
    #expect(try atrium(["team", "never-searched"], config: eva.path).status == 5, "nothing saved to show")
    let queued = try atrium(["approve", id], config: mario.path)
    #expect(queued.status == 0 && queued.output.contains("Saved; it will be sent when you are online."))
    #expect(try atrium(["leave", "request", "2026-05-04", "2026-05-04"], config: eva.path).status == 5)
    #expect(
      try atrium(["leave", "request", "2026-05-04", "2026-05-04", "--yes"], config: eva.path).output.contains(
        "Saved; it will be sent when you are online."))
    // The same days as the request sent online: the server will refuse this one as an overlap.
    #expect(try atrium(["leave", "request", "2026-04-06", "2026-04-07", "--yes"], config: eva.path).status == 0)

    server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: port, threadCount: 2, workerCount: 2, log: .discard),
      responder: app.app)
    try server.start()
    defer { server.stop() }
    let replayed = try atrium(["approvals", "--status", "approved"], config: mario.path)
    #expect(replayed.errors.contains("Sent 1 change(s) saved while offline."), "\(replayed.errors)")
    #expect(replayed.output.contains(id))
    let evaBack = try atrium(["leave"], config: eva.path)
    #expect(evaBack.errors.contains("Sent 1 change(s)"))
    #expect(evaBack.output.contains("2026-05-04"), "the command itself still answers")
    #expect(evaBack.errors.contains("Not sent (saved while offline):"), "\(evaBack.errors)")
    #expect(evaBack.status == 4, "a refused saved change is a refusal by the server")
    // Reported once: the next command has nothing left to send.
    #expect(try atrium(["leave"], config: eva.path).status == 0)
  }

  /// Issue 15 (flows 1): `atrium approve ID ID …` decides several requests in one call and
  /// says what became of each; any refusal fails the command after every line is printed.
  @Test func aManagerDecidesSeveralRequestsAtOnce() throws {
    let app = try TestApp()
    let server = try Self.serve(app)
    defer { server.stop() }
    let eva = try app.login("eva").accessToken
    var ids: [String] = []
    for day in ["2026-04-06", "2026-04-13", "2026-04-20"] {
      let created = app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva)
      ids.append(try #require(created.text.firstMatch(of: /"id":"([^"]+)"/).map { String($0.1) }))
    }
    let config = TemporaryDirectory()
    #expect(
      try atrium(
        ["login", "--username", "mario", "--password-stdin"], config: config.path, input: "atrium-demo\n",
        server: server.port
      ).status == 0)
    let approved = try atrium(["approve", ids[0], ids[1]], config: config.path)
    #expect(approved.status == 0, "\(approved.errors)")
    #expect(approved.output == "\(ids[0])  Approved\n\(ids[1])  Approved\n")
    let mixed = try atrium(["reject", ids[1], ids[2], "--reason", "Release week"], config: config.path)
    #expect(mixed.status == 4, "one of the two was already approved")
    #expect(mixed.output.contains("\(ids[2])  Rejected") && mixed.output.contains("\(ids[1])  The request is approved"))
    #expect(mixed.errors.contains("1 request rejected."), "\(mixed.errors)")
    let asJSON = try atrium(["approve", ids[2], "nope", "--json"], config: config.path)
    let answer = try JSONSerialization.jsonObject(with: Data(asJSON.output.utf8)) as? [String: Any]
    let results = answer?["results"] as? [[String: Any]] ?? []
    #expect(results.map { $0["status"] as? Int } == [409, 404], "\(asJSON.output)")
  }

  @Test func helpExitsZeroOnEveryCommand() throws {
    let config = TemporaryDirectory()
    for command in [
      ["--help"], ["help"], ["login", "--help"], ["leave", "--help"], ["approve", "-h"], ["serve", "--help"],
    ] {
      let run = try atrium(command, config: config.path)
      #expect(run.status == 0, "\(command): \(run.errors)")
      #expect(run.output.contains("atrium"), "\(command) prints the usage")
    }
  }

  /// Issue 14 (catalogue): with a Spanish LANG the command line reads no English, the
  /// server's refusals included.
  @Test func aSpanishReaderReadsSpanishFromTheServerToo() throws {
    let app = try TestApp()
    let server = try Self.serve(app)
    defer { server.stop() }
    let config = TemporaryDirectory()
    let spanish = "es_ES.UTF-8"
    let wrong = try atrium(
      ["login", "--username", "eva", "--password-stdin"], config: config.path, input: "nope\n", server: server.port,
      language: spanish)
    #expect(wrong.errors.contains("Usuario o contraseña incorrectos."), "\(wrong.errors)")
    #expect(
      try atrium(
        ["login", "--username", "eva", "--password-stdin"], config: config.path, input: "atrium-demo\n",
        server: server.port, language: spanish
      ).status == 0)
    #expect(
      try atrium(
        ["leave", "request", "2026-04-06", "2026-04-10"], config: config.path, input: "s\n", language: spanish
      )
      .status == 0)
    let usage = try atrium(["leave", "request"], config: config.path, language: spanish)
    #expect(usage.status == 2 && usage.errors.contains("atrium leave request INICIO FIN (fechas AAAA-MM-DD)"))
    let waiting = try atrium(["leave"], config: config.path, language: spanish)
    #expect(waiting.output.contains("días este año") && waiting.output.contains("Pendiente"), "\(waiting.output)")
    let clash = try atrium(
      ["leave", "request", "2026-04-10", "2026-04-14"], config: config.path, input: "s\n", language: spanish)
    #expect(clash.status == 4)
    #expect(
      (clash.output + clash.errors).contains("Estas fechas se solapan con tu solicitud pendiente del 6–10 de abril"),
      "\(clash.output) \(clash.errors)")
  }
}
