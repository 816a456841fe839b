import AtriumAPI
import AtriumPostgres
import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

/// `atrium serve --database postgres://…` as an operator runs it: real processes on one
/// PostgreSQL database (PostgreSQL-only by nature, whichever engine the run's other tests use).
@Suite struct PostgresInstanceTests {
  @Test func twoInstancesStartedTogetherSeedTheDemoOnceAndTrustEachOthersTokens() throws {
    let url = try PostgresServer.shared().makeDatabase()
    let folders = (TemporaryDirectory(), TemporaryDirectory())
    // Both start on the empty database at the same moment: both migrate, one seeds.
    let started = Shared<[Int: ServerProcess]>([:])
    let failures = LogRecorder()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      do {
        let folder = index == 0 ? folders.0 : folders.1
        let server = try ServerProcess(dataPath: folder.path + "/data", databaseURL: url)
        started.update { $0[index] = server }
      } catch {
        failures.sink.write("\(error)")
      }
    }
    #expect(failures.lines.isEmpty)
    let servers = started.value
    let first = try #require(servers[0])
    let second = try #require(servers[1])

    let check = try PostgresConnection(url: url)
    #expect(try check.run("SELECT COUNT(*) AS n FROM company").rows.first?.int("n") == 1)
    #expect(try check.run("SELECT COUNT(*) AS n FROM employees WHERE username = 'eva'").rows.first?.int("n") == 1)

    // A token that one instance issued is valid on the other: the signing key is shared.
    let login = try RawHTTPClient(port: first.port).request(
      "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
      body: Array(#"{"username":"eva","password":"atrium-demo"}"#.utf8))
    #expect(login.status == 200)
    let tokens = try JSONDecoder().decode(SessionTokens.self, from: Data(login.body))
    let me = try RawHTTPClient(port: second.port).request(
      "GET", "/api/v1/me", headers: ["Authorization: Bearer \(tokens.accessToken)"])
    #expect(me.status == 200)
    // No signing key file: the key lives in the database.
    #expect(!FileManager.default.fileExists(atPath: folders.0.path + "/data/signing.key"))
  }

  @Test func theDatabaseGoingAwayAnswers503AndTheServerRecoversWhenItReturns() throws {
    // A cluster of its own, since this test stops it.
    let cluster = try PostgresServer()
    let url = try cluster.makeDatabase()
    let folder = TemporaryDirectory()
    let server = try ServerProcess(dataPath: folder.path + "/data", databaseURL: url)
    let login = try RawHTTPClient(port: server.port).request(
      "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
      body: Array(#"{"username":"eva","password":"atrium-demo"}"#.utf8))
    let token = try JSONDecoder().decode(SessionTokens.self, from: Data(login.body)).accessToken
    let headers = ["Content-Type: application/json", "Authorization: Bearer \(token)"]
    let created = try RawHTTPClient(port: server.port).request(
      "POST", "/api/v1/me/leave", headers: headers, body: Array(#"{"start":"2031-03-04","end":"2031-03-04"}"#.utf8))
    #expect(created.status == 201, "\(created.text)")
    let id = try JSONDecoder().decode(SavedLeave.self, from: Data(created.body)).request.id

    cluster.stop()
    let away = try RawHTTPClient(port: server.port).request("GET", "/api/v1/me/leave?year=2031", headers: headers)
    #expect(away.status == 503)
    #expect(away.header("Retry-After") == "5")
    #expect(away.text.contains("The database cannot be reached"))

    try cluster.start()
    var back: RawHTTPClient.Response?
    var last = ""
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let response = try RawHTTPClient(port: server.port).request("GET", "/api/v1/me/leave?year=2031", headers: headers)
      last = "\(response.status) \(response.text)"
      if response.status == 200 {
        back = response
        break
      }
      usleep(100_000)
    }
    // The acknowledged request is there after the outage.
    #expect(back?.text.contains(id) == true, "last answer: \(last)")
  }

  @Test func anUnreachableDatabaseStopsTheServerNamingTheHostNotThePassword() throws {
    let port = try FreePort.loopback()
    let folder = TemporaryDirectory()
    let (status, output) = try ServerProcess.run([
      "serve", "--data", folder.path + "/data", "--port", "0",
      "--database", "postgres://atrium:s3cret-Pass@127.0.0.1:\(port)/atrium",
    ])
    #expect(status != 0)
    #expect(output.contains("127.0.0.1:\(port)"))
    #expect(!output.contains("s3cret-Pass"))
  }

  @Test func backupAndRestoreOfTheSQLiteFileAreRefusedOnPostgres() throws {
    let folder = TemporaryDirectory()
    let command = Process()
    command.executableURL = try AtriumBinary.url()
    command.arguments = ["backup", "--to", folder.path + "/copy.sqlite", "--data", folder.path + "/data"]
    command.environment = ["ATRIUM_DATABASE_URL": "postgres://atrium@127.0.0.1/atrium"]
    let pipe = Pipe()
    command.standardOutput = pipe
    command.standardError = pipe
    try command.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    command.waitUntilExit()
    #expect(command.terminationStatus != 0)
    #expect(output.contains("pg_dump"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/copy.sqlite"))
  }

  @Test func anAddressThatIsNotPostgresIsRefused() throws {
    let folder = TemporaryDirectory()
    let (status, output) = try ServerProcess.run([
      "serve", "--data", folder.path + "/data", "--port", "0", "--database", "mysql://root@127.0.0.1/atrium",
    ])
    #expect(status == 2)
    #expect(output.contains("--database must be a postgres://"))
  }
}
