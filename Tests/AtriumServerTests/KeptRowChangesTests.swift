import AtriumSQL
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// What an instance keeps of its hottest reads (who a caller is, the leave types, ...) is read
/// again after a write that changed such rows, and only then: a leave request, a notice or a
/// live event changes none, and under a load of creates every request read its caller again.
@Suite struct KeptRowChangesTests {
  @Test func aCreatedRequestLeavesWhatTheInstanceKeptButAChangedPersonDoesNot() throws {
    let app = try TestApp()
    let signal = try #require(app.app.environment.memory?.changes)
    let counted = app.database.dialect == .sqlite
    let eva = try app.login("eva")
    let typeID = try #require(try app.database.read { try $0.queryFirst("SELECT id FROM leave_types") }).string("id")

    var before = signal.current
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06", "typeId": "\#(typeID)"}"#,
      token: eva.accessToken)
    #expect(created.status == 201)
    // Its notices to the deciders and live events included; PostgreSQL counts no rows, so
    // there every write makes the instance read again.
    #expect((signal.current == before) == counted, "a request changes no kept row")

    // Who Eva is, as her next request finds it, is read again once an admin changed her.
    let ana = try app.login("ana")
    #expect(app.send(.me(.show), token: eva.accessToken).status == 200)
    before = signal.current
    let changed = app.send(
      .people(.update(id: eva.user.id)), json: #"{"position": "Jefa de ventas"}"#, token: ana.accessToken)
    #expect(changed.status == 200)
    #expect(signal.current != before, "a person's row is kept")
    #expect(app.send(.me(.show), token: eva.accessToken).text.contains("Jefa de ventas"))
  }

  @Test func emptyingATableOfKeptRowsAndAFailedWriteMakeTheInstanceReadAgain() throws {
    let app = try TestApp()
    let signal = try #require(app.app.environment.memory?.changes)
    let database = app.app.environment.database
    var before = signal.current
    // SQLite empties a table in one step, reporting no row, when a DELETE has no WHERE and
    // the table has no foreign key either way (the company's row here).
    try database.write { try $0.execute("DELETE FROM company") }
    #expect(signal.current != before)

    before = signal.current
    try database.write { try $0.execute("DELETE FROM live_events") }
    #expect((signal.current == before) == (app.database.dialect == .sqlite), "live events are never kept")

    struct Refused: Error {}
    before = signal.current
    #expect(throws: Refused.self) {
      try database.write { connection in
        try connection.execute("DELETE FROM live_events")
        throw Refused()
      }
    }
    #expect(signal.current != before, "a write that failed may have changed anything")
  }

  /// SQLite reports no change to a table stored without row numbers: no kept read may depend
  /// on one, so each is listed as never kept.
  @Test func everyTableStoredWithoutRowNumbersIsNeverKept() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    let keyed = try database.read {
      try $0.query("SELECT name FROM pragma_table_list WHERE wr = 1 AND schema = 'main'").map { $0.string("name") }
    }
    #expect(!keyed.isEmpty)
    #expect(Set(keyed).subtracting(CachedRows.neverKept).isEmpty)
    // And the tables migration 23 watches on PostgreSQL are kept.
    for table in ["employees", "accounts", "sessions", "locations", "settings", "company", "leave_types"] {
      #expect(!CachedRows.neverKept.contains(table), "\(table) is kept")
    }
  }
}
