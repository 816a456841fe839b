import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20 on the web, without script: every action is a form carrying the version it saw.
@Suite(.checksBalanceRows) struct WebTaskTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  func tasks(_ name: String) throws -> [TaskBody] {
    try JSONText.decode(
      TaskSnapshot.self, from: app.send(.tasks(.list(.first)), token: try app.login(name).accessToken)
    )
    .items
  }

  @Test func evaAddsMarksDoneEditsDeletesAndUndoes() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.get("/").text.contains(#"href="/tasks""#), "Tasks is in the menu")
    let added = eva.submit("/tasks", from: "/tasks", ["title": "Buy milk", "due": "2026-03-09", "notes": ""])
    #expect(added.text.contains("<strong>Buy milk</strong> · due 2026-03-09"))
    let task = try #require(try tasks("eva").first)
    let done = eva.submit("/tasks/\(task.id)/done", from: "/tasks", ["version": "1", "done": "on"])
    #expect(done.text.contains(#"<li data-task="\#(task.id)" class="done">"#))
    #expect(eva.get("/tasks?filter=done").text.contains("Buy milk"))
    #expect(!eva.get("/tasks?filter=pending").text.contains("Buy milk"))

    // An edit from a page that saw version 1, after the task moved on: the conflict is shown.
    let stale = eva.post("/tasks/\(task.id)", from: "/tasks/\(task.id)/edit", ["version": "1", "title": "Buy bread"])
    #expect(stale.status == 409)
    #expect(stale.text.contains(#"id="changed-meanwhile""#) && stale.text.contains("Your change: Buy bread"))
    #expect(try tasks("eva").first?.title == "Buy milk", "nothing overwritten")
    let saved = eva.submit(
      "/tasks/\(task.id)", from: "/tasks/\(task.id)/edit", ["version": "2", "title": "Buy bread", "due": ""])
    #expect(saved.text.contains("<strong>Buy bread</strong>") && !saved.text.contains("due 2026-03-09"))

    let deleted = eva.submit("/tasks/\(task.id)/delete", from: "/tasks", ["version": "3"])
    #expect(deleted.text.contains(#"id="undo""#) && deleted.text.contains("Deleted: Buy bread"))
    #expect(try tasks("eva").isEmpty)
    let back = eva.submit("/tasks/\(task.id)/restore", from: "/tasks?undo=\(task.id)")
    #expect(back.text.contains("<strong>Buy bread</strong>"))
    let empty = eva.submit("/tasks", from: "/tasks", ["title": "  "])
    #expect(empty.text.contains(#"class="flash""#) && empty.text.contains("title"))
  }

  @Test func aConflictShowsBothValues_andTheChoiceSettlesIt() throws {
    let token = try app.login("eva").accessToken
    let id = UUID().uuidString.lowercased()
    let ops = """
      {"ops": [{"opId": "\(UUID().uuidString)", "taskId": "\(id)", "kind": "create", "fields": {"title": "Buy milk"}},
      {"opId": "\(UUID().uuidString)", "taskId": "\(id)", "kind": "patch", "fields": {"title": {"base": "Buy milk", "new": "Buy oat milk"}}},
      {"opId": "\(UUID().uuidString)", "taskId": "\(id)", "kind": "patch", "fields": {"title": {"base": "Buy milk", "new": "Buy soy milk"}}}]}
      """
    #expect(app.send(.tasks(.ops), json: ops, token: token).status == 200)
    let eva = WebClient(app)
    eva.signIn("eva")
    let page = eva.get("/tasks").text
    #expect(page.contains(#"data-field="title""#))
    #expect(page.contains("Your change: Buy soy milk") && page.contains("Now: Buy oat milk"))
    let settled = eva.submit("/tasks/\(id)/resolve", from: "/tasks", ["field": "title", "choice": "yours"])
    #expect(settled.text.contains("<strong>Buy soy milk</strong>") && !settled.text.contains(#"data-field="title""#))
  }

  @Test func marioGivesEvaATaskFromHerPage_andHerHomeSaysSo() throws {
    let evaID = try app.login("eva").user.id
    let mario = WebClient(app)
    mario.signIn("mario")
    #expect(mario.get("/team/\(evaID)").text.contains(#"href="/team/\#(evaID)/give-task""#))
    let lucia = WebClient(app)
    lucia.signIn("lucia")
    #expect(!lucia.get("/team/\(evaID)").text.contains("give-task"), "only a manager above her, or an admin")
    let given = mario.submit(
      "/team/\(evaID)/give-task", from: "/team/\(evaID)/give-task", ["title": "Sign the contract", "due": ""])
    #expect(given.text.contains("Task given to Eva Fernández."))
    #expect(mario.get("/tasks?filter=assigned").text.contains("Sign the contract"))
    let eva = WebClient(app)
    eva.signIn("eva")
    let home = eva.get("/").text
    #expect(home.contains(#"id="home-tasks""#) && home.contains("1 open task"))
    #expect(eva.get("/tasks").text.contains("from Mario López"))
    let refused = lucia.submit("/team/\(evaID)/give-task", from: "/team/\(evaID)/give-task", ["title": "Nope"])
    #expect(refused.text.contains(#"class="flash""#))
    #expect(try tasks("eva").count == 1)
  }
}
