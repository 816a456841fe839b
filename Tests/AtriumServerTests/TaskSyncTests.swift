import AtriumAPI
import AtriumDomain
import AtriumServer
import AtriumStore
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// Issue 20 on the server: the batch of operations, at most once; the change feed in commit
/// order; bad operations refused one by one; the 410 that sends a client to a snapshot.
@Suite(.serialized, .checksBalanceRows) struct TaskSyncTests {
  let app: TestApp
  let eva: String
  let mario: String

  init() throws {
    app = try TestApp()
    eva = try app.login("eva").accessToken
    mario = try app.login("mario").accessToken
  }

  static func uuid() -> String { UUID().uuidString.lowercased() }

  func send(_ ops: [String], token: String) throws -> [TaskOpResult] {
    let answer = app.send(.tasks(.ops), json: #"{"ops": [\#(ops.joined(separator: ", "))]}"#, token: token)
    try #require(answer.status == 200, "\(answer.text)")
    return try JSONText.decode(TaskOpResults.self, from: answer).results
  }

  static func create(_ task: String, title: String, op: String = uuid()) -> String {
    #"{"opId": "\#(op)", "taskId": "\#(task)", "kind": "create", "fields": {"title": "\#(title)", "due": null}}"#
  }

  static func patch(_ task: String, _ field: String, base: String, new: String, op: String = uuid()) -> String {
    #"{"opId": "\#(op)", "taskId": "\#(task)", "kind": "patch", "fields": {"\#(field)": {"base": \#(base), "new": \#(new)}}}"#
  }

  func changes(_ token: String, since: Int64 = 0) throws -> TaskChanges {
    try JSONText.decode(TaskChanges.self, from: app.send(.tasks(.changes(since: since, limit: 100)), token: token))
  }

  @Test func createEditDeleteInOneBatch_andTheFeedSaysEachInOrder() throws {
    let task = Self.uuid()
    let results = try send(
      [
        Self.create(task, title: "Buy milk"),
        Self.patch(task, "title", base: #""Buy milk""#, new: #""Buy oat milk""#),
        Self.patch(task, "done", base: "false", new: "true"),
        #"{"opId": "\#(Self.uuid())", "taskId": "\#(task)", "kind": "delete", "baseVersion": 3}"#,
      ], token: eva)
    #expect(results.map(\.status) == ["applied", "applied", "applied", "applied"])
    let last = try #require(results.last?.task)
    #expect(last.deleted && last.version == 4 && last.title == "Buy oat milk" && last.done)
    #expect(last.owner.displayName == "Eva Fernández" && last.assignedBy == nil && last.due == nil)
    let feed = try changes(eva)
    #expect(feed.items.map(\.seq) == [1, 2, 3, 4] && feed.nextCursor == "4" && !feed.hasMore)
    #expect(feed.items.last?.task.deleted == true, "the tombstone is in the feed")
    #expect(try changes(eva, since: 4).items.isEmpty)
    #expect(try changes(mario).items.isEmpty, "mario's feed holds nothing of eva's")
    let snapshot = try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: eva))
    #expect(snapshot.items.isEmpty, "a deleted task is not in the snapshot")
    #expect(app.send(.tasks(.show(id: task)), token: eva).text.contains(#""deleted":true"#))
    #expect(app.send(.tasks(.show(id: task)), token: mario).status == 404)
  }

  @Test func aLostResponseRetriedAppliesOnce_andTheSameValueTwiceIsNoConflict() throws {
    let task = Self.uuid()
    let create = Self.create(task, title: "Call the bank")
    let first = try send([create], token: eva)
    let again = try send([create], token: eva)
    #expect(first.map(\.status) == ["applied"] && again.map(\.status) == ["duplicate"])
    #expect(again.first?.task == first.first?.task, "the first answer again")
    // Two devices make the same change: no conflict.
    let one = try send([Self.patch(task, "notes", base: #""""#, new: #""Ask for Marta""#)], token: eva)
    let two = try send([Self.patch(task, "notes", base: #""""#, new: #""Ask for Marta""#)], token: eva)
    #expect(one.first?.status == "applied" && two.first?.status == "noop")
    #expect(try changes(eva).items.count == 2, "a duplicate and a no-op change nothing")
  }

  @Test func sameFieldEditsMakeAVisibleConflict_thatEachResolutionSettles() throws {
    let task = Self.uuid()
    _ = try send([Self.create(task, title: "Buy milk")], token: eva)
    _ = try send([Self.patch(task, "title", base: #""Buy milk""#, new: #""Buy oat milk""#)], token: eva)
    let op = Self.uuid()
    let met = try send([Self.patch(task, "title", base: #""Buy milk""#, new: #""Buy soy milk""#, op: op)], token: eva)
    #expect(met.first?.status == "conflict")
    let conflict = try #require(met.first?.task?.conflicts.first)
    #expect(
      conflict
        == TaskConflictBody(field: "title", yours: .string("Buy soy milk"), theirs: .string("Buy oat milk"), opId: op))
    #expect(met.first?.task?.title == "Buy oat milk")

    let resolved = app.send(.tasks(.resolve(id: task)), json: #"{"field": "title", "choice": "yours"}"#, token: eva)
    #expect(resolved.status == 200, "\(resolved.text)")
    let settled = try JSONText.decode(TaskBody.self, from: resolved)
    #expect(settled.title == "Buy soy milk" && settled.conflicts.isEmpty)
    let none = app.send(.tasks(.resolve(id: task)), json: #"{"field": "title", "choice": "yours"}"#, token: eva)
    #expect(none.status == 409, "no conflict left on the title")
    let bad = app.send(.tasks(.resolve(id: task)), json: #"{"field": "colour", "choice": "maybe"}"#, token: eva)
    #expect(bad.status == 400 && bad.problem?.errors?.map(\.field) == ["field", "choice"])
    #expect(
      app.send(.tasks(.resolve(id: task)), json: #"{"field": "title", "choice": "yours"}"#, token: mario).status
        == 404)
  }

  @Test func oneRejectedOpAmongManyLeavesTheOthersApplied() throws {
    let mine = Self.uuid()
    let evas = Self.uuid()
    _ = try send([Self.create(evas, title: "Eva's")], token: eva)
    let results = try send(
      [
        Self.create(mine, title: "One"),
        #"{"opId": "\#(Self.uuid())", "taskId": "\#(mine)", "kind": "patch", "fields": {"colour": {"base": "", "new": "red"}}}"#,
        Self.create(Self.uuid(), title: String(repeating: "x", count: 501)),
        #"{"opId": "not-a-uuid", "taskId": "\#(mine)", "kind": "restore"}"#,
        #"{"opId": "\#(Self.uuid())", "taskId": "\#(mine)", "kind": "explode"}"#,
        #"{"opId": "\#(Self.uuid())", "taskId": "\#(mine)", "kind": "restore", "extra": 1}"#,
        Self.patch(evas, "title", base: #""Eva's""#, new: #""Mine now""#),
        Self.patch(mine, "title", base: #""One""#, new: #""Two""#),
        "42",
      ], token: mario)
    #expect(
      results.map(\.status) == [
        "applied", "refused", "refused", "refused", "refused", "refused", "refused", "applied", "refused",
      ])
    #expect(results[1].error?.field == "fields.colour" && results[1].error?.status == 400)
    #expect(results[2].error?.field == "fields.title" && results[2].error?.message.contains("500") == true)
    #expect(results[3].error?.field == "opId")
    #expect(results[4].error?.field == "kind")
    #expect(results[5].error?.field == "extra")
    #expect(results[6].error?.status == 404, "eva's task answers as one that does not exist")
    #expect(results[7].task?.title == "Two")
    let evasTask = try JSONText.decode(TaskBody.self, from: app.send(.tasks(.show(id: evas)), token: eva))
    #expect(evasTask.title == "Eva's" && evasTask.version == 1)
    let tooMany = (0...500).map { _ in Self.create(Self.uuid(), title: "x") }
    let refused = app.send(.tasks(.ops), json: #"{"ops": [\#(tooMany.joined(separator: ","))]}"#, token: mario)
    #expect(refused.status == 400)
  }

  @Test func twoCopiesOfABatchSentAtOnceApplyOnce() throws {
    let task = Self.uuid()
    _ = try send([Self.create(task, title: "0")], token: eva)
    let batch = (1...20).map { step in
      Self.patch(task, "title", base: #""\#(step - 1)""#, new: #""\#(step)""#, op: Self.uuid())
    }
    let results = Mutex<[[TaskOpResult]]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      if let answer = try? send(batch, token: eva) { results.withLock { $0.append(answer) } }
    }
    let both = results.withLock { $0 }
    #expect(both.count == 2)
    let final = try JSONText.decode(TaskBody.self, from: app.send(.tasks(.show(id: task)), token: eva))
    #expect(final.title == "20" && final.version == 21 && final.conflicts.isEmpty, "each op applied once")
    #expect(both.flatMap { $0 }.filter { $0.status == "applied" }.count == 20)
    #expect(both.flatMap { $0 }.filter { $0.status == "duplicate" }.count == 20)
  }

  @Test func aFollowerOfTheFeedNeverSkipsAChangeWhileWritesInterleave() throws {
    let tasks = (0..<3).map { _ in Self.uuid() }
    _ = try send(tasks.map { Self.create($0, title: "0") }, token: eva)
    let writing = Mutex(true)
    var seen: [Int64] = []
    var cursor: Int64 = 0
    let writers = DispatchGroup()
    for task in tasks {
      DispatchQueue.global().async(group: writers) {
        for step in 1...15 {
          _ = try? send([Self.patch(task, "title", base: #""\#(step - 1)""#, new: #""\#(step)""#)], token: eva)
        }
      }
    }
    writers.notify(queue: .global()) { writing.withLock { $0 = false } }
    while true {
      let done = writing.withLock { !$0 }
      let page = try changes(eva, since: cursor)
      seen += page.items.map(\.seq)
      cursor = Int64(page.nextCursor) ?? cursor
      if done && page.items.isEmpty { break }
    }
    #expect(seen == Array(1...Int64(48)), "every change once, in order: \(seen)")
  }

  @Test func aCursorOlderThanWhatIsKeptGets410_andTheSnapshotStillServes() throws {
    let task = Self.uuid()
    _ = try send([Self.create(task, title: "Old")], token: eva)
    app.clock.advance(by: 91 * 86_400)
    let eva = try app.login("eva").accessToken
    _ = try send([Self.patch(task, "title", base: #""Old""#, new: #""New""#)], token: eva)
    app.app.runHousekeeping()
    let gone = app.send(.tasks(.changes(since: 0, limit: 100)), token: eva)
    #expect(gone.status == 410)
    #expect(gone.problem?.detail?.contains("GET /api/v1/tasks") == true)
    let kept = try JSONText.decode(TaskChanges.self, from: app.send(.tasks(.changes(since: 1, limit: 100)), token: eva))
    #expect(kept.items.map(\.seq) == [2], "a cursor at what is kept still follows")
    let snapshot = try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: eva))
    #expect(snapshot.items.map(\.title) == ["New"])
  }
}
