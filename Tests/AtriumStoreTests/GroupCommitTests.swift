import AtriumSQL
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

@testable import AtriumStore

/// SQLite's writes that wait for the writer are applied together, one savepoint each, and
/// committed once (`GroupCommit`). What a caller sees must not change: its own result, its own
/// error, nothing of a failed write kept, every other write kept.
@Suite struct GroupCommitTests {
  /// Ten writes queue behind one that holds the writer; some of them fail after writing.
  /// Each caller gets its own answer, and exactly the successful writes' rows remain.
  @Test func writesQueuedTogetherAnswerEachAlone_aFailureUndoesOnlyItself() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { try $0.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") }
    let holding = Atomic<Bool>(false)
    let callerThreads = Mutex<[Int: String]>([:])
    let appliedOn = Mutex<[Int: String]>([:])
    let answers = Mutex<[Int: Result<Int, any Error>]>([:])
    // The first write holds the writer until the ten others are queued behind it.
    let blocker = Thread {
      try? database.write { connection in
        holding.store(true, ordering: .sequentiallyConsistent)
        while database.queuedWrites < 10 { usleep(1_000) }
        try connection.execute("INSERT INTO notes (id, text) VALUES (0, 'first')")
      }
    }
    blocker.start()
    while !holding.load(ordering: .sequentiallyConsistent) { usleep(1_000) }
    Self.onTenThreads { index in
      callerThreads.withLock { $0[index] = Self.threadName() }
      let answer = Result<Int, any Error> {
        try database.write { connection in
          appliedOn.withLock { $0[index] = Self.threadName() }
          try connection.execute("INSERT INTO notes (id, text) VALUES (?, 'written')", .integer(Int64(index + 1)))
          // Every third one fails after writing its row: the row must not stay.
          if index % 3 == 0 { throw WriteFailed(index: index) }
          return index * 10
        }
      }
      answers.withLock { $0[index] = answer }
    }
    let rows = try database.read { try $0.query("SELECT id FROM notes ORDER BY id").map { $0.int("id") } }
    #expect(rows == [0] + (0..<10).filter { $0 % 3 != 0 }.map { $0 + 1 })
    for (index, answer) in answers.withLock({ $0 }) {
      switch answer {
      case .success(let value): #expect(index % 3 != 0 && value == index * 10)
      case .failure(let failure): #expect(index % 3 == 0 && (failure as? WriteFailed)?.index == index)
      }
    }
    // Writes that waited were applied by whichever caller got the writer first, on its thread.
    let movedWrites = callerThreads.withLock { callers in
      appliedOn.withLock { applied in applied.filter { callers[$0.key] != $0.value }.count }
    }
    #expect(movedWrites >= 9, "the queued writes were applied together by one of their callers")
  }

  /// A write that ends the whole transaction (as SQLite does on a full disk) takes none of
  /// the others queued with it down: they are applied again and kept.
  @Test func aWriteThatEndsTheTransactionFailsAlone_theOthersAreKept() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { try $0.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
    let holding = Atomic<Bool>(false)
    let blocker = Thread {
      try? database.write { connection in
        holding.store(true, ordering: .sequentiallyConsistent)
        while database.queuedWrites < 10 { usleep(1_000) }
      }
    }
    blocker.start()
    while !holding.load(ordering: .sequentiallyConsistent) { usleep(1_000) }
    let failures = Mutex<[Int]>([])
    Self.onTenThreads { index in
      do {
        try database.write { connection in
          try connection.execute("INSERT INTO notes (id) VALUES (?)", .integer(Int64(index)))
          if index == 3 {
            try connection.execute("ROLLBACK")
            throw WriteFailed(index: index)
          }
        }
      } catch {
        failures.withLock { $0.append(index) }
      }
    }
    #expect(failures.withLock { $0 } == [3])
    let rows = try database.read { try $0.query("SELECT id FROM notes ORDER BY id").map { $0.int("id") } }
    #expect(rows == [0, 1, 2, 4, 5, 6, 7, 8, 9])
  }

  struct WriteFailed: Error {
    let index: Int
  }

  /// Runs `body` on ten threads of its own at once (not a pool's, which may run them one
  /// after another) and returns when all ten have.
  private static func onTenThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let finished = Atomic<Int>(0)
    for index in 0..<10 {
      Thread {
        body(index)
        finished.add(1, ordering: .sequentiallyConsistent)
      }.start()
    }
    while finished.load(ordering: .sequentiallyConsistent) < 10 { usleep(1_000) }
  }

  private static func threadName() -> String {
    "\(Unmanaged.passUnretained(Thread.current).toOpaque())"
  }
}
