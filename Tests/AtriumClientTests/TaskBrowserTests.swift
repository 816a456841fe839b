import AtriumAPI
import AtriumClient
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20's web with script: a second open page of eva's follows every change without a
/// reload (headless Chromium, `browser-tests/tasks.py`), and so does her phone's app.
@MainActor @Suite(.serialized) struct TaskBrowserTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  @Test func evasOpenPagesAndHerAppFollowEachOther_andMariosTask() async throws {
    let eva = try live.app.login("eva").user.id
    // eva's app is open, listening, while she works in the browser.
    let (session, cache) = try await live.signIn("eva")
    let list = TasksViewModel(repository: LiveTaskRepository(session: session, cache: cache), viewerID: eva)
    await list.appeared()
    let events = try await session.events()

    let outcome = try await Task.detached {
      try BrowserScript.run("tasks.py", [self.live.address.absoluteString, BrowserScript.screenshots, eva])
    }.value
    #expect(outcome.passed, "\(outcome.output)")

    let event = try #require(try await nextEvent(named: "tasks", from: events), "no tasks event reached the app")
    await list.eventReceived(event)
    #expect(
      list.state.rows.map(\.title).sorted() == ["Onboarding: sign the handbook", "Order a new badge"],
      "the app shows what the browser did")
  }
}
