import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// `atrium verify balances` on real processes: a seeded company passes; a balance row changed
/// behind the server's back is named, with a failing exit status.
@Suite(.serialized) struct VerifyCommandTests {
  @Test func aSeededCompanyPassesAndAChangedRowIsNamed() throws {
    let folder = TemporaryDirectory()
    let data = folder.path + "/data"
    let url = TestDatabase.engine == .postgres ? try PostgresServer.shared().makeDatabase() : nil
    let database = url.map { ["--database", $0] } ?? []
    let seeded = try ServerProcess.run(
      ["seed", "--data", data, "--employees", "223", "--today", "2026-03-02"] + database)
    #expect(seeded.status == 0, "\(seeded.output)")

    let verified = try ServerProcess.run(["verify", "balances", "--data", data] + database)
    #expect(verified.status == 0, "\(verified.output)")
    #expect(verified.output.contains("of 223 people"), "\(verified.output)")

    let changed = try Self.changeOneRow(url: url, data: data)
    let broken = try ServerProcess.run(["verify", "balances", "--data", data] + database)
    #expect(broken.status == 1, "\(broken.output)")
    #expect(broken.output.contains("\(changed.username), \(changed.year), totals"), "\(broken.output)")
    #expect(broken.output.contains("the balance rows do not match the history"), "\(broken.output)")
  }

  @Test func aFolderWithoutADatabaseAndAWrongArgumentAreRefused() throws {
    let folder = TemporaryDirectory()
    let empty = try ServerProcess.run(["verify", "balances", "--data", folder.path + "/nothing"])
    #expect(empty.status == 2)
    #expect(empty.output.contains("holds no Atrium database"), "\(empty.output)")
    let wrong = try ServerProcess.run(["verify", "people"])
    #expect(wrong.status == 2)
    #expect(wrong.output.contains("usage: atrium verify balances"), "\(wrong.output)")
  }

  /// Adds a day to one person's approved total, as a bug or a hand edit would.
  private static func changeOneRow(url: String?, data: String) throws -> (username: String, year: Int) {
    let database: any Database =
      try url.map { try PostgresDatabase(url: $0, maximumConnections: 1) }
      ?? SQLiteDatabase(path: data + "/atrium.sqlite")
    return try database.write { connection in
      let row = try #require(
        try connection.queryFirst(
          """
          SELECT e.id, e.username, b.year FROM leave_balances b JOIN employees e ON e.id = b.employee_id
          ORDER BY e.username, b.year LIMIT 1
          """))
      try connection.execute(
        "UPDATE leave_balances SET approved = approved + 2 WHERE employee_id = ? AND year = ?", .text(row.string("id")),
        .integer(Int64(row.int("year"))))
      return (row.string("username"), row.int("year"))
    }
  }
}
