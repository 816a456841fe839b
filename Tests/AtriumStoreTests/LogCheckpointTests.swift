import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumStore

/// SQLite's write-ahead log is copied into the database file on a thread of its own, not by
/// the commit that makes it long (`LogCheckpoints`): the copy happens, and nothing written is
/// lost by it.
@Suite struct LogCheckpointTests {
  /// Writes that take the log well past 1,000 frames get it copied beside them; every row is
  /// there when the file is opened again.
  @Test func aLongLogIsCopiedBesideTheWriters_everyRowStays() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    do {
      let database = try SQLiteDatabase(path: path)
      try database.write { try $0.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, data BLOB NOT NULL)") }
      // A row of 3,000 bytes fills most of a page: each write adds a frame or two to the log.
      for index in 0..<1_500 {
        try database.write {
          try $0.execute("INSERT INTO rows (id, data) VALUES (?, zeroblob(3000))", .integer(Int64(index)))
        }
      }
      #expect(waitUntil({ database.checkpointsTaken > 0 }, deadline: 10))
      let count = try database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM rows")?.int("n") }
      #expect(count == 1_500)
    }
    let reopened = try SQLiteDatabase(path: path)
    let count = try reopened.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM rows")?.int("n") }
    #expect(count == 1_500)
  }

  /// A few writes leave the log short: no checkpoint is asked for.
  @Test func aShortLogIsLeftAlone() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { try $0.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY)") }
    for index in 0..<20 {
      try database.write { try $0.execute("INSERT INTO rows (id) VALUES (?)", .integer(Int64(index))) }
    }
    usleep(200_000)
    #expect(database.checkpointsTaken == 0)
  }
}
