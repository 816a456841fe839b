import AtriumAPI
import AtriumPostgres
import AtriumServer
import AtriumTestSupport
import Foundation
import Testing

/// `atrium migrate --from DIR --to postgres://…` on real processes: after the move, every
/// answer of a sample of routes, for a sample of people, is the same as before it.
@Suite(.serialized) struct MigrateCommandTests {
  /// GET routes whose answers depend only on the company's data (not on the moment or the
  /// session asking), by who asks them.
  static func sample(year: Int) -> [(username: String, path: String)] {
    [
      ("eva", "/api/v1/me"), ("eva", "/api/v1/me/leave?year=\(year)"), ("eva", "/api/v1/me/leave?year=\(year + 1)"),
      ("eva", "/api/v1/board"), ("eva", "/api/v1/timeline"), ("eva", "/api/v1/people?limit=100"),
      ("eva", "/api/v1/people?q=gar"), ("eva", "/api/v1/people?q=jose"), ("eva", "/api/v1/locations"),
      ("eva", "/api/v1/departments"), ("eva", "/api/v1/leave-types"), ("eva", "/api/v1/company"),
      ("eva", "/api/v1/me/settings"), ("mario", "/api/v1/approvals"), ("mario", "/api/v1/approvals?status=approved"),
      ("mario", "/api/v1/me/leave?year=\(year)"), ("ana", "/api/v1/audit"), ("ana", "/api/v1/company/leave-policy"),
      ("ana", "/api/v1/holidays"), ("ana", "/api/v1/approvals"),
    ]
  }

  @Test func theDemoCompanyAnswersTheSameAfterItMovedToPostgres() throws {
    let folder = TemporaryDirectory()
    let data = folder.path + "/data"
    let year = Calendar(identifier: .gregorian).component(.year, from: Date())
    let before = try ServerProcess(dataPath: data)
    let tokens = try Self.signIn(["eva", "mario", "ana"], password: "atrium-demo", port: before.port)
    // Some changes of its own beyond the seed: a request, a post, a holiday.
    let eva = ["Content-Type: application/json", "Authorization: Bearer \(tokens["eva"]!)"]
    #expect(
      try RawHTTPClient(port: before.port).request(
        "POST", "/api/v1/me/leave", headers: eva,
        body: Array(#"{"start":"\#(year + 1)-02-10","end":"\#(year + 1)-02-12"}"#.utf8)
      ).status == 201)
    let posted = try RawHTTPClient(port: before.port).request(
      "POST", "/api/v1/posts", headers: eva, body: Array(#"{"text":"Moving to PostgreSQL — ¡olé!"}"#.utf8))
    #expect(posted.status == 201, "\(posted.text)")
    let answers = try Self.answers(Self.sample(year: year), tokens: tokens, port: before.port)
    before.crash()

    let url = try PostgresServer.shared().makeDatabase()
    let moved = try ServerProcess.run(["migrate", "--from", data, "--to", url])
    #expect(moved.status == 0, "\(moved.output)")
    #expect(moved.output.contains("every table checked"))

    // The same data folder (photos) and the moved database; tokens issued before still work.
    let after = try ServerProcess(dataPath: data, databaseURL: url, demo: false)
    let again = try Self.answers(Self.sample(year: year), tokens: tokens, port: after.port)
    for (key, answer) in answers { #expect(again[key] == answer, "\(key)") }

    // A database that holds a company is refused, and left as it was.
    after.crash()
    let refused = try ServerProcess.run(["migrate", "--from", data, "--to", url])
    #expect(refused.status != 0)
    #expect(refused.output.contains("already holds a company"))
    let restarted = try ServerProcess(dataPath: data, databaseURL: url, demo: false)
    #expect(try Self.answers(Self.sample(year: year), tokens: tokens, port: restarted.port) == again)
  }

  @Test func aThousandPersonCompanyAnswersTheSameAfterItMovedToPostgres() throws {
    let folder = TemporaryDirectory()
    let data = folder.path + "/data"
    let seeded = try ServerProcess.run(["seed", "--data", data, "--employees", "1000", "--today", "2026-03-02"])
    #expect(seeded.status == 0, "\(seeded.output)")
    let before = try ServerProcess(dataPath: data, demo: false)
    let people = ["bench.employee", "bench.manager", "bench.admin"]
    let tokens = try Self.signIn(people, password: BenchmarkCompany.password, port: before.port)
    var sample: [(username: String, path: String)] = []
    for person in people {
      sample += [
        (person, "/api/v1/me"), (person, "/api/v1/me/leave?year=2026"), (person, "/api/v1/people?limit=100"),
        (person, "/api/v1/people?q=gar"), (person, "/api/v1/approvals?limit=100"), (person, "/api/v1/board"),
      ]
    }
    let answers = try Self.answers(sample, tokens: tokens, port: before.port)
    before.crash()
    let url = try PostgresServer.shared().makeDatabase()
    let moved = try ServerProcess.run(["migrate", "--from", data, "--to", url])
    #expect(moved.status == 0, "\(moved.output)")
    let after = try ServerProcess(dataPath: data, databaseURL: url, demo: false)
    let again = try Self.answers(sample, tokens: tokens, port: after.port)
    for (key, answer) in answers { #expect(again[key] == answer, "\(key)") }
  }

  private static func signIn(_ usernames: [String], password: String, port: Int) throws -> [String: String] {
    var tokens: [String: String] = [:]
    for username in usernames {
      let response = try RawHTTPClient(port: port).request(
        "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
        body: Array(#"{"username":"\#(username)","password":"\#(password)"}"#.utf8))
      tokens[username] = try JSONDecoder().decode(SessionTokens.self, from: Data(response.body)).accessToken
    }
    return tokens
  }

  /// Each route's status and body, by "username path".
  private static func answers(
    _ sample: [(username: String, path: String)], tokens: [String: String], port: Int
  ) throws -> [String: String] {
    var answers: [String: String] = [:]
    for (username, path) in sample {
      let response = try RawHTTPClient(port: port).request(
        "GET", path, headers: ["Authorization: Bearer \(tokens[username] ?? "")"])
      // A problem's request id is new with every request.
      let body = response.text.replacingOccurrences(
        of: #""requestId":"[0-9a-f]+""#, with: #""requestId":"""#, options: .regularExpression)
      answers["\(username) \(path)"] = "\(response.status) \(body)"
    }
    return answers
  }
}
