import AtriumAPI
import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

/// Erasing someone and their tasks: what they kept goes, and the people who shared a task with
/// them hear of it through their feed, so their devices do not keep it forever.
@Suite(.checksBalanceRows) struct TaskErasureTests {
  let app: TestApp

  init() throws { app = try TestApp() }

  func changes(_ token: String, since: Int64) throws -> TaskChanges {
    try JSONText.decode(TaskChanges.self, from: app.send(.tasks(.changes(since: since, limit: 100)), token: token))
  }

  func snapshot(_ token: String) throws -> TaskSnapshot {
    try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: token))
  }

  func give(_ title: String, to person: String, by token: String) {
    #expect(app.send(.tasks(.assign(personID: person)), json: #"{"title": "\#(title)"}"#, token: token).status == 201)
  }

  /// The titles left in the tasks table, deleted or not.
  func storedTitles() throws -> [String] {
    try app.database.read { try $0.query("SELECT title FROM tasks").map { $0.string("title") } }
  }

  @Test func aTaskGivenToSomeoneWhoDeletesTheirAccountLeavesTheGiversDevicesByTheFeed() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    give("Onboarding: sign the handbook", to: eva.user.id, by: mario.accessToken)
    let own = app.send(
      .tasks(.ops),
      json:
        #"{"ops": [{"opId": "\#(UUID())", "taskId": "\#(UUID())", "kind": "create", "fields": {"title": "Buy a present"}}]}"#,
      token: eva.accessToken)
    #expect(own.status == 200)
    // mario's devices follow his feed from here.
    let cursor = try #require(Int64(try snapshot(mario.accessToken).feedCursor))
    #expect(try snapshot(mario.accessToken).items.map(\.title) == ["Onboarding: sign the handbook"])

    let deleted = app.send(
      .me(.deleteAccount), json: #"{"email": "eva@atrium-demo.example", "password": "atrium-demo"}"#,
      token: eva.accessToken)
    #expect(deleted.status == 204)

    let feed = try changes(mario.accessToken, since: cursor)
    #expect(feed.items.count == 1 && feed.items.first?.task.deleted == true, "mario's devices drop it")
    #expect(feed.items.first?.task.title == "", "and learn nothing of hers")
    #expect(try snapshot(mario.accessToken).items.isEmpty)
    let titles = try storedTitles()
    #expect(titles.allSatisfy { $0.isEmpty }, "\(titles)")
  }

  @Test func aGiverErasedLeavesTheTaskWithItsOwner_whoseFeedSaysItNoLongerNamesThem() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let ana = try app.login("ana")
    give("Onboarding: sign the handbook", to: eva.user.id, by: mario.accessToken)
    let cursor = try #require(Int64(try snapshot(eva.accessToken).feedCursor))

    #expect(app.send(.people(.erase(id: mario.user.id)), token: ana.accessToken).status == 204)

    let feed = try changes(eva.accessToken, since: cursor)
    let task = try #require(feed.items.first?.task)
    #expect(feed.items.count == 1 && task.title == "Onboarding: sign the handbook" && !task.deleted)
    #expect(task.assignedBy == nil, "no longer names who gave it")
    #expect(try snapshot(eva.accessToken).items.map(\.assignedBy) == [nil])
  }
}
