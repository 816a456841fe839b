import AtriumDomain
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// Live events are numbered in commit order, so a stream that has read up to id n and then
/// asks for what came after n never misses an event, on either engine.
@Suite struct LiveEventOrderTests {
  private func append(_ label: String, on connection: any DatabaseConnection) throws {
    try LiveEventStore(connection).append(kind: "notice", data: label, audience: .everyone, at: 1)
  }

  @Test func aReaderFollowingTheLogSeesEveryEventOfConcurrentWriters() throws {
    let folder = TemporaryDirectory()
    let database = try TestDatabase.make(in: folder.path)
    let writersDone = Atomic<Int>(0)
    let seen = Mutex<[String]>([])
    let reader = Thread {
      var after: Int64 = 0
      while true {
        let finished = writersDone.load(ordering: .acquiring) == 4
        let events = (try? database.read { try LiveEventStore($0).events(after: after, limit: 1_000) }) ?? []
        seen.withLock { $0 += events.map(\.data) }
        after = events.last?.id ?? after
        if finished && events.isEmpty { break }
        usleep(200)
      }
      writersDone.add(1, ordering: .releasing)
    }
    reader.start()
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      for index in 0..<25 {
        try? database.write { connection in
          usleep(UInt32.random(in: 0...1_000))
          try append("\(writer)-\(index)", on: connection)
          usleep(UInt32.random(in: 0...1_000))
        }
      }
      writersDone.add(1, ordering: .releasing)
    }
    let finished = waitUntil({ writersDone.load(ordering: .acquiring) == 5 }, deadline: 30)
    #expect(finished)
    let stored = try database.read { try LiveEventStore($0).events(after: 0, limit: 1_000) }.map(\.data)
    #expect(stored.count == 100)
    #expect(seen.withLock { $0 } == stored, "a reader following the log saw every event once, in order")
  }

  @Test func anEventOfAWriteThatRolledBackIsNeverAppended() throws {
    let folder = TemporaryDirectory()
    let database = try TestDatabase.make(in: folder.path)
    struct Refused: Error {}
    try database.write { connection in
      try append("kept", on: connection)
      // A nested write that fails is undone alone, its event with it.
      _ = try? database.write { nested -> Void in
        try append("undone with its savepoint", on: nested)
        throw Refused()
      }
    }
    _ = try? database.write { connection -> Void in
      try append("undone with its write", on: connection)
      throw Refused()
    }
    #expect(try database.read { try LiveEventStore($0).events(after: 0, limit: 10) }.map(\.data) == ["kept"])
  }

  /// PostgreSQL only: SQLite runs one write at a time, so two cannot interleave.
  @Test func aWriteWithEventsDoesNotHoldUpAnotherUntilItsEnd() throws {
    guard TestDatabase.engine == .postgres else { return }
    let folder = TemporaryDirectory()
    let database = try TestDatabase.make(in: folder.path)
    let secondCommitted = DispatchSemaphore(value: 0)
    let firstDone = DispatchSemaphore(value: 0)
    let heldUp = Atomic<Bool>(false)
    Thread {
      try? database.write { connection in
        try append("first", on: connection)
        // Still in its transaction: the other write appends and commits meanwhile.
        if secondCommitted.wait(timeout: .now() + 10) == .timedOut { heldUp.store(true, ordering: .relaxed) }
      }
      firstDone.signal()
    }.start()
    usleep(50_000)
    try database.write { try append("second", on: $0) }
    // Read before the first write may go on: a stream that has read up to the second event.
    let newest = try database.read { try LiveEventStore($0).latestID() }
    secondCommitted.signal()
    #expect(firstDone.wait(timeout: .now() + 30) == .success)
    let wasHeldUp = heldUp.load(ordering: .relaxed)
    #expect(!wasHeldUp, "the second write waited for the first one's whole transaction")
    // The first write committed last, so that stream gets its event.
    let later = try database.read { try LiveEventStore($0).events(after: newest, limit: 10) }.map(\.data)
    #expect(later == ["first"])
  }
}
