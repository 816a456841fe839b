import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20: tasks made signed out, imported at sign-in (twice creates nothing twice), and the
/// three answers to signing out with unsent changes.
@MainActor @Suite(.serialized) struct TaskSignInOutTests {
  let live: LiveServer
  let folder = TemporaryDirectory()

  init() throws { live = try LiveServer() }

  func signedIn(_ cache: ClientCache, network: SwitchableTransport) async throws -> (LiveTaskRepository, String) {
    let session = ClientSession(server: live.address, store: MemoryTokenStore(), transport: network)
    let user = try await session.signIn(username: "eva", password: "atrium-demo")
    return (LiveTaskRepository(session: session, cache: cache), user.id)
  }

  func serverTitles() throws -> [String] {
    let token = try live.app.login("eva").accessToken
    return try JSONText.decode(TaskSnapshot.self, from: live.app.send(.tasks(.list(.first)), token: token)).items
      .map(\.title).sorted()
  }

  @Test func importingLocalTasksTwiceCreatesNothingTwice() async throws {
    let cache = try ClientCache(path: folder.path + "/phone.sqlite")
    let device = DeviceTaskRepository(cache: cache)
    let signedOut = TasksViewModel(repository: device, viewerID: "")
    await signedOut.addTapped(title: "Buy milk")
    await signedOut.addTapped(title: "Call mum")
    #expect(signedOut.state.rows.map(\.details) == ["", ""] && device.tasks().first?.ownerName == "This device")

    let network = SwitchableTransport()
    let (account, evaID) = try await signedIn(cache, network: network)
    let list = TasksViewModel(repository: account, viewerID: evaID, device: device)
    await list.appeared()
    #expect(list.state.localToImport == 2)
    // Offline, the import is kept; tapped again before anything is sent, still nothing twice.
    network.isOffline.withLock { $0 = true }
    await list.importLocalTapped()
    await list.importLocalTapped()
    #expect(list.state.unsent == 4 && list.state.localToImport == 2, "kept on the device until the server has them")
    network.isOffline.withLock { $0 = false }
    await list.syncTapped()
    // In the full suite this test waits minutes for the main actor, and once (CI, PostgreSQL)
    // the tasks had not reached the server after this sync (why was not found). A sync that
    // finds the server out of reach keeps the operations for the next one, tried here (within
    // 10 s), which must still create nothing twice; any other failure shows in the message.
    let deadline = ContinuousClock.now + .seconds(10)
    while list.state.isOffline, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(200))
      await list.syncTapped()
    }
    #expect(!list.state.isOffline && list.state.error == nil, "the sync: \(list.state.error ?? "offline")")
    #expect(try serverTitles() == ["Buy milk", "Call mum"])
    #expect(list.state.rows.count == 2 && list.state.localToImport == 0 && list.state.conflictsBadge == 0)
  }

  @Test func signingOutWithUnsentChanges_eachOfTheThreeAnswers() async throws {
    let cache = try ClientCache(path: folder.path + "/laptop.sqlite")
    let device = DeviceTaskRepository(cache: cache)
    let network = SwitchableTransport()
    var (account, evaID) = try await signedIn(cache, network: network)
    let list = TasksViewModel(repository: account, viewerID: evaID, device: device)
    await list.addTapped(title: "Buy milk")
    let id = try #require(list.state.rows.first?.id)
    #expect(try serverTitles() == ["Buy milk"])

    // Nothing unsent: no question.
    await list.signOutTapped()
    #expect(list.state.maySignOut && !list.state.asksBeforeSignOut)

    // Send now: offline, it stays asking; online, it goes.
    network.isOffline.withLock { $0 = true }
    try account.change(id, [.title: .text("Buy oat milk")])
    await list.signOutTapped()
    #expect(list.state.asksBeforeSignOut && !list.state.maySignOut)
    await list.signOutChosen(.sendNow)
    #expect(list.state.asksBeforeSignOut && !list.state.maySignOut && list.state.message != nil)
    network.isOffline.withLock { $0 = false }
    await list.signOutChosen(.sendNow)
    #expect(list.state.maySignOut)
    #expect(try serverTitles() == ["Buy oat milk"])

    // Discard: the unsent edit and the account's copy leave the device.
    network.isOffline.withLock { $0 = true }
    try account.change(id, [.title: .text("Buy soy milk")])
    await list.signOutTapped()
    await list.signOutChosen(.discard)
    #expect(list.state.maySignOut && account.tasks().isEmpty && account.unsentCount() == 0)
    network.isOffline.withLock { $0 = false }
    _ = await account.sync()
    #expect(try serverTitles() == ["Buy oat milk"], "the discarded edit was never sent")

    // Keep on this device: a copy stays; edited meanwhile, the next sign-in offers a conflict.
    network.isOffline.withLock { $0 = true }
    try account.change(id, [.notes: .text("Two litres")])
    await list.signOutTapped()
    await list.signOutChosen(.keepOnDevice)
    #expect(list.state.maySignOut && account.tasks().isEmpty)
    #expect(device.tasks().map(\.fields.title) == ["Buy oat milk"])
    try device.change(id, [.title: .text("Buy rice milk")])
    network.isOffline.withLock { $0 = false }
    (account, evaID) = try await signedIn(cache, network: network)
    let again = TasksViewModel(repository: account, viewerID: evaID, device: device)
    await again.importLocalTapped()
    let task = try #require(account.task(id: id))
    #expect(task.fields.title == "Buy oat milk", "the account's value is kept")
    #expect(Set(task.conflicts.map(\.field)) == ["title", "notes"], "the kept copy's edits are offered, not lost")
    #expect(again.state.conflictsBadge == 1 && device.tasks().isEmpty)
  }
}
