import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumLog
import AtriumServer
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20: one task at a time with `If-Match`, a manager giving a task, and the live events
/// that keep a second device or tab in step.
@Suite(.serialized, .checksBalanceRows) struct TaskSingleTests {
  let app: TestApp
  let eva: SessionTokens
  let mario: SessionTokens

  init() throws {
    app = try TestApp(eventHeartbeat: .milliseconds(300))
    eva = try app.login("eva")
    mario = try app.login("mario")
  }

  func make(_ title: String) throws -> TaskBody {
    let id = UUID().uuidString.lowercased()
    let answer = app.send(
      .tasks(.ops),
      json:
        #"{"ops": [{"opId": "\#(UUID().uuidString)", "taskId": "\#(id)", "kind": "create", "fields": {"title": "\#(title)"}}]}"#,
      token: eva.accessToken)
    return try #require(try JSONText.decode(TaskOpResults.self, from: answer).results.first?.task)
  }

  @Test func patchAndDeleteNeedTheVersionSeen_aStaleOneGetsTheTaskAsItIs() throws {
    let task = try make("Buy milk")
    let missing = app.send(.tasks(.update(id: task.id)), json: #"{"title": "Buy bread"}"#, token: eva.accessToken)
    #expect(missing.status == 428 && missing.text.contains("If-Match"))
    let changed = app.send(
      .tasks(.update(id: task.id)), json: #"{"title": "Buy bread", "due": "2026-03-09"}"#, token: eva.accessToken,
      headers: [("If-Match", #""1""#)])
    #expect(changed.status == 200, "\(changed.text)")
    #expect(try JSONText.decode(TaskBody.self, from: changed).version == 2)
    let stale = app.send(
      .tasks(.update(id: task.id)), json: #"{"title": "Buy rice"}"#, token: eva.accessToken,
      headers: [("If-Match", #""1""#)])
    #expect(stale.status == 412)
    #expect(stale.headers["ETag"] == #""2""#)
    let current = try JSONText.decode(TaskBody.self, from: stale)
    #expect(current.title == "Buy bread" && current.due == "2026-03-09", "the task as it is now")
    let cleared = app.send(
      .tasks(.update(id: task.id)), json: #"{"due": null}"#, token: eva.accessToken, headers: [("If-Match", #""2""#)])
    #expect(cleared.status == 200 && cleared.text.contains(#""due":null"#))
    let unknown = app.send(
      .tasks(.update(id: task.id)), json: #"{"colour": "red"}"#, token: eva.accessToken,
      headers: [("If-Match", #""3""#)])
    #expect(unknown.status == 400 && unknown.problem?.errors?.first?.field == "colour")
    #expect(
      app.send(.tasks(.delete(id: task.id)), token: eva.accessToken, headers: [("If-Match", #""2""#)]).status == 412)
    #expect(
      app.send(.tasks(.delete(id: task.id)), token: eva.accessToken, headers: [("If-Match", #""3""#)]).status == 204)
    #expect(app.send(.tasks(.show(id: task.id)), token: eva.accessToken).text.contains(#""deleted":true"#))
    #expect(
      app.send(.tasks(.delete(id: task.id)), token: mario.accessToken, headers: [("If-Match", #""4""#)]).status
        == 404, "someone else's task answers as one that does not exist")
  }

  @Test func marioGivesEvaATask_seesItDone_butOnlyEvaMarksItDone() throws {
    let given = app.send(
      .tasks(.assign(personID: eva.user.id)), json: #"{"title": "Sign the contract", "due": "2026-03-09"}"#,
      token: mario.accessToken)
    #expect(given.status == 201, "\(given.text)")
    let task = try JSONText.decode(TaskBody.self, from: given)
    #expect(task.owner.id == eva.user.id && task.assignedBy?.displayName == "Mario López")
    let board = try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: eva.accessToken))
    #expect(board.items.first?.title == "Mario López gave you a task: Sign the contract")
    // Both see it; mario may edit the title, not mark it done.
    #expect(
      try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: mario.accessToken))
        .items.map(\.id) == [task.id])
    let done = app.send(
      .tasks(.update(id: task.id)), json: #"{"done": true}"#, token: mario.accessToken, headers: [("If-Match", #""1""#)]
    )
    #expect(done.status == 403)
    let evaDone = app.send(
      .tasks(.update(id: task.id)), json: #"{"done": true}"#, token: eva.accessToken, headers: [("If-Match", #""1""#)])
    #expect(evaDone.status == 200)
    let seen = try JSONText.decode(
      TaskChanges.self, from: app.send(.tasks(.changes(since: 0, limit: 100)), token: mario.accessToken))
    #expect(seen.items.last?.task.done == true, "mario's feed says she did it")
    // Only to people below: lucia is not mario's; eva may give no one a task.
    let lucia = try app.login("lucia")
    #expect(
      app.send(.tasks(.assign(personID: lucia.user.id)), json: #"{"title": "x"}"#, token: mario.accessToken).status
        == 403)
    #expect(
      app.send(.tasks(.assign(personID: mario.user.id)), json: #"{"title": "x"}"#, token: eva.accessToken).status
        == 403)
    let empty = app.send(.tasks(.assign(personID: eva.user.id)), json: #"{"title": " "}"#, token: mario.accessToken)
    #expect(empty.status == 400 && empty.problem?.errors?.first?.field == "title")
  }

  /// After a reorganisation the giver still sees and edits the task; the new manager does not.
  @Test func aGivenTaskStaysWithItsGiverAfterAReorganisation_andNobodyElseSeesIt() throws {
    let given = app.send(
      .tasks(.assign(personID: eva.user.id)), json: #"{"title": "Sign the contract"}"#, token: mario.accessToken)
    let task = try JSONText.decode(TaskBody.self, from: given)
    let ana = try app.login("ana").accessToken
    let lucia = try app.login("lucia")
    let moved = app.send(
      .people(.update(id: eva.user.id)), json: #"{"managerId": "\#(lucia.user.id)"}"#, token: ana)
    #expect(moved.status == 200, "\(moved.text)")
    func listed(_ token: String) throws -> [String] {
      try JSONText.decode(TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: token)).items.map(\.title)
    }
    #expect(try listed(mario.accessToken) == ["Sign the contract"])
    let renamed = app.send(
      .tasks(.update(id: task.id)), json: #"{"title": "Sign the new contract"}"#, token: mario.accessToken,
      headers: [("If-Match", #""1""#)])
    #expect(renamed.status == 200)
    #expect(try listed(eva.accessToken) == ["Sign the new contract"])
    #expect(try listed(lucia.accessToken) == [], "her new manager does not see it")
    #expect(app.send(.tasks(.show(id: task.id)), token: lucia.accessToken).status == 404)
    // mario may give her nothing more: she is no longer below him.
    #expect(
      app.send(.tasks(.assign(personID: eva.user.id)), json: #"{"title": "x"}"#, token: mario.accessToken).status
        == 403)
  }

  @Test func aChangeReachesTheOwnersOtherDevicesAndTheGiver() throws {
    let server = try app.startedServer()
    defer { server.stop() }
    let phone = try EventStreamReader(port: server.port, token: try app.login("eva").accessToken)
    let manager = try EventStreamReader(port: server.port, token: mario.accessToken)
    let stranger = try EventStreamReader(port: server.port, token: try app.login("lucia").accessToken)
    #expect(waitUntil { app.app.openEventStreams == 3 })
    let mine = try make("Mine")
    #expect(try phone.next(named: "tasks").data.contains(mine.id))
    let given = app.send(
      .tasks(.assign(personID: eva.user.id)), json: #"{"title": "Onboarding"}"#, token: mario.accessToken)
    let id = try JSONText.decode(TaskBody.self, from: given).id
    #expect(try phone.next(named: "tasks").data.contains(id))
    #expect(try manager.next(named: "tasks").data.contains(id))
    var names: [String] = []
    while case let event = try stranger.next(), event.name != "comment" { names.append(event.name) }
    #expect(!names.contains("tasks"), "lucia hears nothing of eva's tasks")
  }
}
