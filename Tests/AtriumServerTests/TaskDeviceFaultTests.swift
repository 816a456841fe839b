import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumLog
import AtriumServer
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20's device faults, with the real `atrium` client as the device: clocks a day off
/// either way, and a client killed while it writes.
@Suite(.serialized, .checksBalanceRows) struct TaskDeviceFaultTests {
  let app: TestApp
  let folder = TemporaryDirectory()

  init() throws { app = try TestApp() }

  func serve(port: Int = 0) throws -> HTTPServer {
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: port, threadCount: 2, workerCount: 2, log: .discard),
      responder: app.app)
    try server.start()
    return server
  }

  /// `faketime` (libfaketime's launcher), which moves the clock of the process it runs,
  /// Foundation's `Date` included; `scripts/install-test-servers.sh` installs it. (Loading
  /// the library by `LD_PRELOAD` alone leaves a Swift program without its arguments.)
  static let fakeTime = ["/usr/bin/faketime"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// A device whose clock is `skew` off ("+1d", "-1d"), signed in as eva.
  struct Device {
    let config: String
    let launcher: [String]

    func run(_ arguments: [String]) throws -> AtriumCLI.Run {
      try AtriumCLI.run(arguments, config: config, launcher: launcher)
    }

    func tasks() throws -> [Page.Line] {
      let listed = try run(["tasks", "--json"])
      return try JSONDecoder().decode(Page.self, from: Data(listed.output.utf8)).items
    }
  }

  /// `atrium tasks --json`.
  struct Page: Decodable {
    struct Line: Decodable {
      let id: String
      let title: String
      let conflicts: [TaskConflictBody]
      let unsent: Bool
    }
    let items: [Line]
  }

  func device(_ name: String, clock skew: String, faketime: String, port: Int) throws -> Device {
    let config = folder.path + "/" + name
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    let launcher = [faketime, "-f", skew]
    let login = try AtriumCLI.run(
      ["login", "--username", "eva", "--password-stdin"], config: config, input: "atrium-demo\n", server: port,
      launcher: launcher)
    try #require(login.status == 0, "\(login)")
    return Device(config: config, launcher: launcher)
  }

  /// What happens is decided by the order operations reach the server, never by a device's
  /// clock: the edit that arrives first is kept even from a device whose clock says it was made
  /// two days earlier, and a later edit from that device lands over one "from the future".
  @Test func clockSkewOfADayEitherWayChangesNothing() throws {
    let faketime = try #require(Self.fakeTime, "faketime is missing: run scripts/install-test-servers.sh")
    var server = try serve()
    let port = server.port
    let ahead = try device("ahead", clock: "+1d", faketime: faketime, port: port)
    let behind = try device("behind", clock: "-1d", faketime: faketime, port: port)
    #expect(try ahead.run(["task", "add", "Water the plants"]).status == 0)
    let id = try #require(try behind.tasks().first?.id)
    let short = String(id.prefix(8))

    // Both edit the title offline; the device whose clock is behind reaches the server first.
    server.stop()
    _ = try behind.run(["task", "edit", short, "--title", "Water the plants on Monday"])
    _ = try ahead.run(["task", "edit", short, "--title", "Water the plants on Friday"])
    server = try serve(port: port)
    defer { server.stop() }
    #expect(try behind.tasks().map(\.title) == ["Water the plants on Monday"])
    let met = try #require(try ahead.tasks().first)
    #expect(met.title == "Water the plants on Monday", "the first to arrive is kept, whatever the clocks say")
    #expect(
      met.conflicts.map { [$0.field, "\($0.yours)", "\($0.theirs)"] } == [
        [
          "title", "\(TaskJSON.string("Water the plants on Friday"))",
          "\(TaskJSON.string("Water the plants on Monday"))",
        ]
      ])
    // Without a field, `resolve` settles every conflicting one (here the title).
    #expect(try ahead.run(["task", "resolve", short, "--keep", "mine"]).status == 0)
    let again = try ahead.run(["task", "resolve", short, "--keep", "mine"])
    #expect(again.status == 2 && again.errors.contains("no conflict to resolve"), "\(again)")

    // Later, the device two days "behind" edits again: its edit lands over Friday's.
    #expect(try behind.tasks().map(\.title) == ["Water the plants on Friday"])
    #expect(try behind.run(["task", "edit", short, "--title", "Water the plants on Sunday"]).status == 0)
    let settled = try ahead.tasks()
    #expect(settled.map(\.title) == ["Water the plants on Sunday"] && settled.allSatisfy { $0.conflicts.isEmpty })
    #expect(try behind.tasks().map(\.title) == ["Water the plants on Sunday"])

    // The task's times are the server's.
    let token = try app.login("eva").accessToken
    let task = try #require(
      try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: token)).items.first)
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let stamps = try [task.createdAt, task.updatedAt].map { try #require(format.date(from: $0)) }
    #expect(stamps.allSatisfy { abs($0.timeIntervalSince(app.clock.now)) < 3_600 }, "\(stamps)")
  }

  /// A client killed at a random moment while it keeps a new task (SIGKILL: a crash, a dead
  /// battery) leaves it whole or not at all: the task on the device and its place in the
  /// outbox are one write, so what the device shows is what it will send, once.
  @Test func aClientKilledWhileItWritesKeepsEachEditWholeOrNotAtAll() throws {
    var server = try serve()
    let port = server.port
    let config = folder.path + "/phone"
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    let login = try AtriumCLI.run(
      ["login", "--username", "eva", "--password-stdin"], config: config, input: "atrium-demo\n", server: port)
    try #require(login.status == 0, "\(login)")
    server.stop()
    // A debug client here takes 30–80 ms to keep a task and exit, so the kills land before,
    // during and after its write (in three runs, 1–3 of 24 were killed after keeping it).
    var random = SeededRandom(seed: 20_261_202)
    var finished: [String] = []
    for number in 1...24 {
      let title = "Crash \(number)"
      let delay = Duration.milliseconds(Int.random(in: 15...90, using: &random))
      if try AtriumCLI.runKilled(["task", "add", title], config: config, after: delay) { finished.append(title) }
    }
    func titles() throws -> [Page.Line] {
      let listed = try AtriumCLI.run(["tasks", "--json"], config: config)
      return try JSONDecoder().decode(Page.self, from: Data(listed.output.utf8)).items
    }
    let kept = try titles()
    #expect(kept.allSatisfy { $0.unsent })
    #expect(Set(finished).isSubset(of: kept.map(\.title)), "an add that said it was kept is kept")
    #expect(Set(kept.map(\.title)).count == kept.count)

    server = try serve(port: port)
    defer { server.stop() }
    let synced = try titles()
    #expect(synced.map(\.title).sorted() == kept.map(\.title).sorted() && !synced.contains { $0.unsent })
    let token = try app.login("eva").accessToken
    let onServer = try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: token))
    #expect(onServer.items.map(\.title).sorted() == kept.map(\.title).sorted(), "each once, none half-made")
  }
}
