import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMessages
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 20 through the SDK: two devices of eva's, each with its own cache and network,
/// against one real server.
@MainActor @Suite(.serialized) struct TaskSyncClientTests {
  let live: LiveServer
  let folder = TemporaryDirectory()

  init() throws { live = try LiveServer() }

  /// A device: its own network switch and cache file (the same path again is a relaunch).
  final class Device {
    let network = SwitchableTransport()
    let cachePath: String
    var session: ClientSession!
    var cache: ClientCache!

    init(cachePath: String) {
      self.cachePath = cachePath
    }

    var repository: LiveTaskRepository { LiveTaskRepository(session: session, cache: cache) }

    var isOffline: Bool {
      get { network.isOffline.withLock { $0 } }
      set { network.isOffline.withLock { $0 = newValue } }
    }
  }

  func device(_ name: String, signedInAs username: String = "eva") async throws -> Device {
    let device = Device(cachePath: folder.path + "/\(name).sqlite")
    device.session = ClientSession(server: live.address, store: MemoryTokenStore(), transport: device.network)
    _ = try await device.session.signIn(username: username, password: "atrium-demo")
    device.cache = try ClientCache(path: device.cachePath)
    return device
  }

  func title(_ device: Device, _ id: String) -> String? { device.repository.task(id: id)?.fields.title }

  @Test func startingTheAppOfflineLosesNothing() async throws {
    let phone = try await device("phone")
    phone.isOffline = true
    let list = TasksViewModel(repository: phone.repository, viewerID: "")
    await list.appeared()
    #expect(list.state.isOffline)
    await list.addTapped(title: "Buy milk")
    let id = try #require(list.state.rows.first?.id)
    try phone.repository.change(id, [.title: .text("Buy oat milk")])
    #expect(list.state.unsent == 1)
    // The app is closed and opened again, still offline: the edits are there.
    phone.cache = try ClientCache(path: phone.cachePath)
    let again = TasksViewModel(repository: phone.repository, viewerID: "")
    await again.appeared()
    #expect(again.state.rows.map(\.title) == ["Buy oat milk"] && again.state.unsent == 2)
    phone.isOffline = false
    // Under the load of every other suite, one sync can end before the server has answered
    // (a timeout, or a 503 while its queue is full); the SDK keeps the edits for the next
    // sync, which the app makes on its next event: a few tries.
    for _ in 0..<4 where again.state.unsent > 0 { await again.syncTapped() }
    #expect(again.state.unsent == 0 && again.state.error == nil, "after the syncs: \(again.state)")
    let laptop = try await device("laptop")
    #expect(await laptop.repository.sync() == .init())
    #expect(laptop.repository.tasks().map(\.fields.title) == ["Buy oat milk"])
  }

  @Test func editsKeptOfflineWaitThroughABusyServerAndLandAfter() async throws {
    let phone = try await device("phone")
    phone.isOffline = true
    let list = TasksViewModel(repository: phone.repository, viewerID: "")
    await list.appeared()
    await list.addTapped(title: "Buy milk")
    #expect(list.state.unsent == 1)
    phone.isOffline = false
    phone.network.answersBusy.withLock { $0 = true }
    await list.syncTapped()
    #expect(list.state.unsent == 1 && list.state.error == nil, "the server asked for later: \(list.state)")

    phone.network.answersBusy.withLock { $0 = false }
    await list.syncTapped()
    #expect(list.state.unsent == 0 && list.state.error == nil, "\(list.state)")
    let laptop = try await device("laptop")
    #expect(await laptop.repository.sync() == .init())
    #expect(laptop.repository.tasks().map(\.fields.title) == ["Buy milk"])
  }

  @Test func fieldDisjointEditsMerge_andSameFieldEditsMakeAConflictEachResolutionSettles() async throws {
    let phone = try await device("phone")
    let laptop = try await device("laptop")
    let id = try phone.repository.add(TaskFields(title: "Buy milk"))
    _ = await phone.repository.sync()
    _ = await laptop.repository.sync()
    phone.isOffline = true
    try phone.repository.change(id, [.title: .text("Buy oat milk")])
    try laptop.repository.change(id, [.notes: .text("Two litres")])
    _ = await laptop.repository.sync()
    phone.isOffline = false
    _ = await phone.repository.sync()
    _ = await laptop.repository.sync()
    for device in [phone, laptop] {
      #expect(device.repository.task(id: id)?.fields == TaskFields(title: "Buy oat milk", notes: "Two litres"))
    }

    // Both change the title: the second to arrive is a conflict the person sees.
    phone.isOffline = true
    try phone.repository.change(id, [.title: .text("Buy soy milk")])
    try laptop.repository.change(id, [.title: .text("Buy rice milk")])
    _ = await laptop.repository.sync()
    phone.isOffline = false
    let list = TasksViewModel(repository: phone.repository, viewerID: "")
    await list.appeared()
    #expect(list.state.conflictsBadge == 1)
    #expect(title(phone, id) == "Buy rice milk", "the server kept its value")
    let editor = TaskEditorViewModel(repository: phone.repository, id: id)
    #expect(editor.state.conflicts.map(\.field) == [.title])
    #expect(editor.state.conflicts.first?.yours == "Your change: Buy soy milk")
    await editor.resolveTapped(.title, keepMine: true)
    #expect(editor.state.title == "Buy soy milk" && editor.state.conflicts.isEmpty)
    _ = await laptop.repository.sync()
    #expect(title(laptop, id) == "Buy soy milk", "both devices show the same")
  }

  @Test func editThenStaleDelete_isAConflict_theTaskStaysInView() async throws {
    let phone = try await device("phone")
    let laptop = try await device("laptop")
    let id = try phone.repository.add(TaskFields(title: "Call the bank"))
    _ = await phone.repository.sync()
    _ = await laptop.repository.sync()
    phone.isOffline = true
    try phone.repository.delete(id)
    #expect(phone.repository.task(id: id)?.isDeleted == true)
    try laptop.repository.change(id, [.title: .text("Call the bank before noon")])
    _ = await laptop.repository.sync()
    phone.isOffline = false
    _ = await phone.repository.sync()
    let kept = try #require(phone.repository.tasks().first { $0.id == id })
    #expect(!kept.isDeleted && kept.conflicts.map(\.field) == ["deleted"], "nothing disappears unseen")
    #expect(kept.fields.title == "Call the bank before noon")
  }

  @Test func deleteThenEdit_theEditOffersRestore() async throws {
    let phone = try await device("phone")
    let laptop = try await device("laptop")
    let id = try phone.repository.add(TaskFields(title: "Renew the badge"))
    _ = await phone.repository.sync()
    _ = await laptop.repository.sync()
    try phone.repository.delete(id)
    #expect(await phone.repository.sync() == .init())
    laptop.isOffline = true
    try laptop.repository.change(id, [.title: .text("Renew the badge at reception")])
    laptop.isOffline = false
    _ = await laptop.repository.sync()
    let offered = try #require(laptop.repository.tasks().first { $0.id == id }, "the deleted task is in view")
    #expect(offered.isDeleted && Set(offered.conflicts.map(\.field)) == ["title", "deleted"])
    let editor = TaskEditorViewModel(repository: laptop.repository, id: id)
    await editor.resolveTapped(.deleted, keepMine: true)
    await editor.resolveTapped(.title, keepMine: true)
    _ = await phone.repository.sync()
    let back = try #require(phone.repository.tasks().first { $0.id == id })
    #expect(!back.isDeleted && back.fields.title == "Renew the badge at reception" && back.conflicts.isEmpty)
  }

  /// The phone's own edit turns out a no-op (the laptop had made the same one, and changed
  /// the notes); its delete must not pass over the notes it never saw.
  @Test func aDeleteAfterAnOwnEditThatCameToNothing_whileAnotherDeviceEdited_isAConflict() async throws {
    let phone = try await device("phone")
    let laptop = try await device("laptop")
    let id = try phone.repository.add(TaskFields(title: "Order toner"))
    _ = await phone.repository.sync()
    _ = await laptop.repository.sync()
    phone.isOffline = true
    try phone.repository.change(id, [.title: .text("Order toner for floor 2")])
    try phone.repository.delete(id)
    try laptop.repository.change(id, [.title: .text("Order toner for floor 2"), .notes: .text("Two cartridges")])
    _ = await laptop.repository.sync()
    phone.isOffline = false
    _ = await phone.repository.sync()
    let kept = try #require(phone.repository.tasks().first { $0.id == id })
    #expect(!kept.isDeleted && kept.fields.notes == "Two cartridges" && kept.conflicts.map(\.field) == ["deleted"])

    // Its own edit and delete, with nobody else in between, just delete (no false conflict).
    let other = try phone.repository.add(TaskFields(title: "Water the plants"))
    _ = await phone.repository.sync()
    phone.isOffline = true
    try phone.repository.change(other, [.title: .text("Water the plants on Friday")])
    try phone.repository.delete(other)
    phone.isOffline = false
    #expect(await phone.repository.sync() == .init())
    #expect(!phone.repository.tasks().contains { $0.id == other })
  }

  @Test func aStaleCursorRecoversBySnapshotWithoutLosingTheOutbox() async throws {
    let phone = try await device("phone")
    let id = try phone.repository.add(TaskFields(title: "Old"))
    _ = await phone.repository.sync()
    phone.isOffline = true
    try phone.repository.change(id, [.title: .text("New")])
    // Everything older than tomorrow is purged: the phone's cursor is no longer kept.
    try live.app.database.write {
      try TaskStore($0).purge(before: live.app.clock.now.addingTimeInterval(86_400).milliseconds)
    }
    phone.isOffline = false
    #expect(await phone.repository.sync() == .init())
    #expect(title(phone, id) == "New" && phone.repository.unsentCount() == 0)
    let laptop = try await device("laptop")
    _ = await laptop.repository.sync()
    #expect(title(laptop, id) == "New")
  }

  @Test func aChangeOnTheWebReachesTheOpenListThroughItsLiveEvent() async throws {
    let phone = try await device("phone")
    let list = TasksViewModel(repository: phone.repository, viewerID: "")
    await list.appeared()
    let events = try await phone.session.events()
    let token = try live.app.login("eva").accessToken
    let id = UUID().uuidString.lowercased()
    let made = live.app.send(
      .tasks(.ops),
      json:
        #"{"ops": [{"opId": "\#(UUID().uuidString)", "taskId": "\#(id)", "kind": "create", "fields": {"title": "From the web"}}]}"#,
      token: token)
    #expect(made.status == 200)
    let event = try #require(try await nextEvent(named: "tasks", from: events), "no tasks event reached the phone")
    await list.eventReceived(event)
    #expect(list.state.rows.map(\.title) == ["From the web"])
  }

  @Test func oneRejectedOpAmongManyIsReported_theOthersLand() async throws {
    let phone = try await device("phone")
    phone.isOffline = true
    let good = try phone.repository.add(TaskFields(title: "Fine"))
    try phone.repository.add(TaskFields(title: String(repeating: "x", count: 501)))
    let other = try phone.repository.add(TaskFields(title: "Also fine"))
    phone.isOffline = false
    let report = await phone.repository.sync()
    #expect(report.refusals.count == 1 && report.refusals[0].contains("500"))
    #expect(phone.repository.unsentCount() == 0)
    #expect(Set(phone.repository.tasks().map(\.id)) == [good, other])
  }
}
