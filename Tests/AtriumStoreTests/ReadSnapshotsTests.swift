import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumStore

/// Reader connections keep their read transaction from one read to the next (`ReadSnapshots`)
/// only while it is the newest there is: a read after a write sees it on every connection,
/// another process's write shows soon, and the kept transactions never keep the log from being
/// copied back.
@Suite struct ReadSnapshotsTests {
  static func database(_ directory: TemporaryDirectory) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite", migrations: [])
    try database.write { try $0.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, data BLOB)") }
    return database
  }

  static func count(_ connection: any DatabaseConnection) throws -> Int {
    try connection.queryFirst("SELECT COUNT(*) AS n FROM rows")?.int("n") ?? -1
  }

  /// Reads nested four deep hold four connections at once, each in its own read transaction;
  /// the counts each one saw, outermost first.
  static func countsOnFourConnections(_ database: SQLiteDatabase) throws -> [Int] {
    try database.read { first in
      try database.read { second in
        try database.read { third in
          try database.read { fourth in [try count(first), try count(second), try count(third), try count(fourth)] }
        }
      }
    }
  }

  @Test func aReadAfterAWriteSeesItOnEveryConnection() throws {
    let directory = TemporaryDirectory()
    let database = try Self.database(directory)
    #expect(try Self.countsOnFourConnections(database) == [0, 0, 0, 0])
    for written in 1...5 {
      try database.write { try $0.execute("INSERT INTO rows (id) VALUES (?)", .integer(Int64(written))) }
      // The same four connections, each keeping the transaction it read in before.
      #expect(try Self.countsOnFourConnections(database) == Array(repeating: written, count: 4))
    }
  }

  @Test func aReadAfterAWriteOnAnotherThreadSeesIt() throws {
    let directory = TemporaryDirectory()
    let database = try Self.database(directory)
    _ = try Self.countsOnFourConnections(database)
    let written = DispatchSemaphore(value: 0)
    Thread {
      _ = try? database.write { try $0.execute("INSERT INTO rows (id) VALUES (1)") }
      written.signal()
    }.start()
    written.wait()
    #expect(try Self.countsOnFourConnections(database) == [1, 1, 1, 1])
  }

  /// Another process's commit is not counted by this instance: it shows once the kept
  /// transactions are old enough to be let go (a tenth of a second).
  @Test func aWriteByAnotherProcessShowsSoon() throws {
    let directory = TemporaryDirectory()
    let database = try Self.database(directory)
    let other = try SQLiteDatabase(path: directory.path + "/db.sqlite", migrations: [])
    _ = try Self.countsOnFourConnections(database)
    try other.write { try $0.execute("INSERT INTO rows (id) VALUES (1)") }
    #expect(waitUntil({ (try? Self.countsOnFourConnections(database)) == [1, 1, 1, 1] }, deadline: 10))
  }

  /// Connections waiting in the pool with old transactions would keep a checkpoint from
  /// copying the frames written after them; they let go of them first.
  @Test func keptTransactionsDoNotKeepTheLogFromBeingCopied() throws {
    let directory = TemporaryDirectory()
    let database = try Self.database(directory)
    for index in 1...50 {
      _ = try Self.countsOnFourConnections(database)
      try database.write {
        try $0.execute("INSERT INTO rows (id, data) VALUES (?, zeroblob(3000))", .integer(Int64(index)))
      }
    }
    _ = try Self.countsOnFourConnections(database)
    try database.write { try $0.execute("INSERT INTO rows (id) VALUES (51)") }
    let copied = try database.copyLogNow()
    #expect(copied.logFrames > 50)
    #expect(copied.copiedFrames == copied.logFrames, "every frame copied, none held back by a reader")
    // The next write starts the log again from its beginning: the file does not grow.
    let size = try FileManager.default.attributesOfItem(atPath: directory.path + "/db.sqlite-wal")[.size] as? Int
    for index in 52...60 {
      _ = try Self.countsOnFourConnections(database)
      try database.write {
        try $0.execute("INSERT INTO rows (id, data) VALUES (?, zeroblob(3000))", .integer(Int64(index)))
      }
    }
    let after = try FileManager.default.attributesOfItem(atPath: directory.path + "/db.sqlite-wal")[.size] as? Int
    #expect(after == size)
    #expect(try Self.countsOnFourConnections(database) == [60, 60, 60, 60])
  }

  /// A server left idle keeps no reader's mark in the log: another process's checkpoint copies
  /// the whole of it soon after this instance's last read.
  @Test func anIdleInstanceLetsAnotherProcessCopyTheWholeLog() throws {
    let directory = TemporaryDirectory()
    let database = try Self.database(directory)
    let other = try SQLiteDatabase(path: directory.path + "/db.sqlite", migrations: [])
    try other.write { try $0.execute("INSERT INTO rows (id, data) VALUES (1, zeroblob(3000))") }
    // Four connections of this instance go back to its pool keeping transactions that end
    // before the other process's next write.
    #expect(try Self.countsOnFourConnections(database) == [1, 1, 1, 1])
    try other.write { try $0.execute("INSERT INTO rows (id, data) VALUES (2, zeroblob(3000))") }
    #expect(
      waitUntil(
        { (try? other.copyLogNow()).map { $0.copiedFrames == $0.logFrames && $0.logFrames > 0 } ?? false },
        deadline: 10))
  }

  /// A read that throws ends its transaction: the next read on that connection starts anew.
  @Test func aReadThatThrowsLetsGoOfItsTransaction() throws {
    let directory = TemporaryDirectory()
    let database = try Self.database(directory)
    struct Refused: Error {}
    #expect(throws: Refused.self) { try database.read { _ in throw Refused() } }
    try database.write { try $0.execute("INSERT INTO rows (id) VALUES (1)") }
    #expect(try database.read { try Self.count($0) } == 1)
  }
}
