import AtriumAPI
import AtriumDomain
import AtriumPostgres
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Synchronization
import Testing

/// Writers against a real server process: four people ask for single days of a leave type
/// that does not count against the allowance (so no one runs out of days mid-test), each with
/// an Idempotency-Key, and mario approves eva's as they come. Every write the server
/// acknowledged with a 2xx is recorded, for checking after a crash or a restore.
final class LeaveLoad: Sendable {
  struct Created: Sendable, Hashable {
    let username: String
    let day: String
    let id: String
  }

  static let askers = ["eva", "lucia", "javier", "ana"]
  let created = Mutex<[Created]>([])
  let approved = Mutex<Set<String>>([])
  let attempts = Atomic<Int>(0)
  /// Requests that got no answer (the server died under them), with their keys.
  let unanswered = Mutex<[(username: String, day: String, key: String)]>([])
  private let stopping = Atomic<Bool>(false)
  private let port: Int
  private let tokens: [String: String]
  private let typeID: String
  /// Each round asks for days in years of its own, so rounds never collide.
  private let firstYear: Int

  init(port: Int, firstYear: Int) throws {
    self.port = port
    self.firstYear = firstYear
    var tokens: [String: String] = [:]
    for username in Self.askers + ["mario"] {
      let client = try RawHTTPClient(port: port)
      let response = try client.request(
        "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
        body: Array(#"{"username": "\#(username)", "password": "atrium-demo"}"#.utf8))
      tokens[username] = try JSONDecoder().decode(SessionTokens.self, from: Data(response.body)).accessToken
    }
    self.tokens = tokens
    let client = try RawHTTPClient(port: port)
    let admin = ["Content-Type: application/json", "Authorization: Bearer \(tokens["ana"]!)"]
    _ = try client.request(
      "POST", "/api/v1/leave-types", headers: admin,
      body: Array(#"{"name": "Training", "countsAgainstAllowance": false}"#.utf8))
    let types = try JSONDecoder().decode(
      Page<LeaveTypeBody>.self, from: Data(client.request("GET", "/api/v1/leave-types", headers: admin).body))
    typeID = try #require(types.items.first { $0.name == "Training" }).id
  }

  /// Starts the writers; they run until `stop()` or until the server is gone.
  func start() -> [Thread] {
    var threads = Self.askers.map { username in Thread { self.ask(as: username) } }
    threads.append(Thread { self.approve() })
    for thread in threads { thread.start() }
    return threads
  }

  func stop() { stopping.store(true, ordering: .sequentiallyConsistent) }

  private func ask(as username: String) {
    var day = CalendarDate(year: firstYear, month: 1, day: 1)!
    var number = 0
    guard var client = try? RawHTTPClient(port: port, timeout: 10) else { return }
    while !stopping.load(ordering: .sequentiallyConsistent) {
      day = day.adding(days: 1)
      guard Weekday(day) != .saturday, Weekday(day) != .sunday else { continue }
      number += 1
      attempts.add(1, ordering: .relaxed)
      let body = #"{"start": "\#(day)", "end": "\#(day)", "typeId": "\#(typeID)"}"#
      do {
        let response = try client.request(
          "POST", "/api/v1/me/leave",
          headers: [
            "Content-Type: application/json", "Authorization: Bearer \(tokens[username]!)",
            "Idempotency-Key: \(username)-\(firstYear)-\(number)",
          ], body: Array(body.utf8))
        if response.status == 201, let saved = try? JSONDecoder().decode(SavedLeave.self, from: Data(response.body)) {
          created.withLock { $0.append(Created(username: username, day: day.description, id: saved.request.id)) }
        }
        // A proxy whose instance died under the request (502), or a server that could not
        // finish it (503, 504): it may or may not have been done, so it is sent again later.
        if [502, 503, 504].contains(response.status) {
          unanswered.withLock { $0.append((username, day.description, "\(username)-\(firstYear)-\(number)")) }
        }
      } catch {
        // The server is gone (killed) or the connection broke: try a new one, or stop.
        unanswered.withLock { $0.append((username, day.description, "\(username)-\(firstYear)-\(number)")) }
        guard let fresh = try? RawHTTPClient(port: port, timeout: 10) else { return }
        client = fresh
      }
    }
  }

  /// Sends again, with the same keys, the requests that got no answer, as a client would after
  /// the server came back: whether or not the first one was committed, there must be one.
  func retryUnanswered(port: Int) throws -> Int {
    let pending = unanswered.withLock { $0 }
    for request in pending {
      let client = try RawHTTPClient(port: port)
      let response = try client.request(
        "POST", "/api/v1/me/leave",
        headers: [
          "Content-Type: application/json", "Authorization: Bearer \(tokens[request.username]!)",
          "Idempotency-Key: \(request.key)",
        ],
        body: Array(#"{"start": "\#(request.day)", "end": "\#(request.day)", "typeId": "\#(typeID)"}"#.utf8))
      #expect(response.status == 201, "the retry of \(request.key): \(response.status) \(response.text)")
      if let saved = try? JSONDecoder().decode(SavedLeave.self, from: Data(response.body)) {
        created.withLock {
          $0.append(Created(username: request.username, day: request.day, id: saved.request.id))
        }
      }
    }
    return pending.count
  }

  private func approve() {
    guard var client = try? RawHTTPClient(port: port, timeout: 10) else { return }
    while !stopping.load(ordering: .sequentiallyConsistent) {
      let done = approved.withLock { $0 }
      let waiting = created.withLock { $0 }.filter { $0.username == "eva" && !done.contains($0.id) }
      guard let next = waiting.first else {
        usleep(2_000)
        continue
      }
      do {
        let response = try client.request(
          "POST", "/api/v1/leave/\(next.id)/approve",
          headers: ["Content-Type: application/json", "Authorization: Bearer \(tokens["mario"]!)"],
          body: Array("{}".utf8))
        if response.status == 200 { _ = approved.withLock { $0.insert(next.id) } }
      } catch {
        guard let fresh = try? RawHTTPClient(port: port, timeout: 10) else { return }
        client = fresh
      }
    }
  }

  /// Every acknowledged write is there exactly once: each created day once with its id (and
  /// no day twice for anyone), each acknowledged approval approved. Returns what was checked.
  func verify(port: Int, years: ClosedRange<Int>) throws -> (created: Int, approved: Int) {
    let acknowledged = created.withLock { $0 }
    let approvals = approved.withLock { $0 }
    for username in Self.askers {
      let client = try RawHTTPClient(port: port)
      let login = try client.request(
        "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
        body: Array(#"{"username": "\#(username)", "password": "atrium-demo"}"#.utf8))
      let token = try JSONDecoder().decode(SessionTokens.self, from: Data(login.body)).accessToken
      var stored: [LeaveRequestBody] = []
      for year in years {
        let response = try client.request(
          "GET", "/api/v1/me/leave?year=\(year)", headers: ["Authorization: Bearer \(token)"])
        stored += try JSONDecoder().decode(LeaveYear.self, from: Data(response.body)).requests
      }
      let unique = Dictionary(grouping: stored, by: \.id).values.map { $0[0] }
      let byDay = Dictionary(grouping: unique, by: { $0.start.description })
      for (day, requests) in byDay where requests.count > 1 {
        Issue.record("\(username) has \(requests.count) requests on \(day)")
      }
      for write in acknowledged where write.username == username {
        let found = byDay[write.day] ?? []
        #expect(found.map(\.id) == [write.id], "\(username)'s acknowledged request for \(write.day)")
        if approvals.contains(write.id) {
          #expect(found.first?.status == .approved, "acknowledged approval of \(write.day)")
        }
      }
    }
    return (acknowledged.count, approvals.count)
  }
}

/// The real server killed mid-load, and backups taken under load: no acknowledged write is
/// ever lost or doubled, and the database stays sound.
@Suite(.serialized) struct CrashSafetyTests {
  /// On the run's engine (`TestDatabase`): the SQLite file in the data folder, or a PostgreSQL
  /// database of its own.
  @Test func killedMidLoad_everyAcknowledgedWriteIsThereExactlyOnce() throws {
    let folder = TemporaryDirectory()
    let data = folder.path + "/data"
    let databaseURL = TestDatabase.engine == .postgres ? try PostgresServer.shared().makeDatabase() : nil
    /// The database is sound and holds the demo company's people and some requests.
    func summary() throws -> (people: Int, leaveRequests: Int) {
      guard let databaseURL else {
        let summary = try DatabaseFile.check(data + "/atrium.sqlite")
        return (summary.people, summary.leaveRequests)
      }
      let connection = try PostgresConnection(url: databaseURL)
      let row = try #require(
        try connection.run(
          "SELECT (SELECT COUNT(*) FROM employees) AS people, (SELECT COUNT(*) FROM leave_requests) AS requests"
        ).rows.first)
      return (row.int("people"), row.int("requests"))
    }
    var survived: [String] = []
    // Kill points: early in the load, in the middle, and later.
    for (round, seconds) in [0.3, 0.8, 1.5].enumerated() {
      let server = try ServerProcess(dataPath: data, databaseURL: databaseURL)
      let firstYear = 2030 + round * 3
      let load = try LeaveLoad(port: server.port, firstYear: firstYear)
      let threads = load.start()
      Thread.sleep(forTimeInterval: seconds)
      server.crash()
      load.stop()
      for thread in threads { while thread.isExecuting { usleep(1_000) } }

      #expect(try summary().people == 40)
      let restarted = try ServerProcess(dataPath: data, databaseURL: databaseURL)
      let retried = try load.retryUnanswered(port: restarted.port)
      let checked = try load.verify(port: restarted.port, years: firstYear...(firstYear + 2))
      #expect(checked.created > 0, "round \(round): the load wrote something before the kill")
      survived.append(
        "kill after \(seconds) s: \(checked.created) requests (\(retried) of them retried after the restart) and "
          + "\(checked.approved) approvals acknowledged, \(load.attempts.load(ordering: .relaxed)) tried")
      restarted.crash()
    }
    #expect(try summary().leaveRequests > 0)
    print("crash safety (\(TestDatabase.engine.rawValue)): " + survived.joined(separator: "; "))
  }

  /// SQLite on either run: `atrium backup` copies the SQLite file; an installation on
  /// PostgreSQL is backed up with pg_dump, and the command refuses it (tested in
  /// `PostgresInstanceTests`).
  @Test func backupUnderLoad_restoresEveryWriteAcknowledgedBeforeIt() throws {
    let folder = TemporaryDirectory()
    let data = folder.path + "/data"
    let backup = folder.path + "/backup.sqlite"
    let server = try ServerProcess(dataPath: data)
    let load = try LeaveLoad(port: server.port, firstYear: 2040)
    let threads = load.start()
    Thread.sleep(forTimeInterval: 0.5)
    let before = load.created.withLock { $0 }
    let approvedBefore = load.approved.withLock { $0 }
    let backedUp = try ServerProcess.run(["backup", "--to", backup, "--data", data])
    #expect(backedUp.status == 0, "\(backedUp.output)")
    Thread.sleep(forTimeInterval: 0.3)

    let refused = try ServerProcess.run(["restore", "--from", backup, "--data", data])
    #expect(refused.status == 1 && refused.output.contains("is using"), "no restore under a running server")
    load.stop()
    for thread in threads { while thread.isExecuting { usleep(1_000) } }
    server.crash()

    let restored = try ServerProcess.run(["restore", "--from", backup, "--data", data])
    #expect(restored.status == 0, "\(restored.output)")
    #expect(restored.output.contains("The database it replaced is kept as"))
    let restarted = try ServerProcess(dataPath: data)
    // Only what was acknowledged before the backup began must be in it.
    load.created.withLock { $0 = before }
    load.approved.withLock { $0 = approvedBefore }
    let checked = try load.verify(port: restarted.port, years: 2040...2042)
    #expect(checked.created == before.count && checked.created > 0)
    restarted.crash()
    #expect(try DatabaseFile.check(data + "/atrium.sqlite").people == 40)
  }
}
