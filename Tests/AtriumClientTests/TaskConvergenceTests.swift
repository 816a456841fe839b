import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumSQL
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// Issue 20's property: three devices of eva's make 50 operations each in a seeded random
/// order, going offline and losing answers at random (the server applied the batch, the device
/// never heard); then everyone syncs. All devices converge to the server's state, and every
/// operation any device made is on the server as applied, a no-op or a recorded conflict:
/// none vanished.
@MainActor @Suite(.serialized) struct TaskConvergenceTests {
  /// A network that can be off, and that loses answers: the request reaches the server, the
  /// device hears nothing.
  final class LossyTransport: Transport, @unchecked Sendable {
    let isOffline = Mutex(false)
    let losesNextAnswer = Mutex(false)
    let real = URLSessionTransport()

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
      if isOffline.withLock({ $0 }) { throw .offline }
      let response = try await real.send(request)
      if losesNextAnswer.withLock({ lose in
        defer { lose = false }; return lose
      }) {
        throw .offline
      }
      return response
    }

    func open(_ request: TransportRequest) async throws(TransportError) -> TransportStream {
      try await real.open(request)
    }
  }

  /// The same numbers for the same seed.
  struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test(arguments: [UInt64(20_261_202), 7, 42])
  func threeDevicesConvergeAndNoOperationVanishes(seed: UInt64) async throws {
    let live = try LiveServer()
    let folder = TemporaryDirectory()
    var random = Seeded(state: seed)
    var devices: [(network: LossyTransport, repository: LiveTaskRepository)] = []
    for index in 0..<3 {
      let network = LossyTransport()
      let session = ClientSession(server: live.address, store: MemoryTokenStore(), transport: network)
      _ = try await session.signIn(username: "eva", password: "atrium-demo")
      let cache = try ClientCache(path: folder.path + "/device-\(index).sqlite")
      devices.append((network, LiveTaskRepository(session: session, cache: cache)))
    }
    var made: Set<String> = []
    for step in 0..<150 {
      let device = devices[step % 3]
      device.network.isOffline.withLock { $0 = random.next(4) == 0 }
      let tasks = device.repository.tasks().filter { !$0.isDeleted }
      let before = Set(pendingOpIDs(device.repository))
      switch (random.next(6), tasks.isEmpty) {
      case (0, _), (_, true): try device.repository.add(TaskFields(title: "Task \(step)"))
      case (1, false):
        try device.repository.change(tasks[random.next(tasks.count)].id, [.title: .text("Title \(step)")])
      case (2, false):
        try device.repository.change(tasks[random.next(tasks.count)].id, [.notes: .text("Notes \(step)")])
      case (3, false):
        let task = tasks[random.next(tasks.count)]
        try device.repository.change(task.id, [.done: .flag(!task.fields.done)])
      case (4, false): try device.repository.delete(tasks[random.next(tasks.count)].id)
      default: break
      }
      made.formUnion(Set(pendingOpIDs(device.repository)).subtracting(before))
      if random.next(2) == 0 {
        device.network.losesNextAnswer.withLock { $0 = random.next(3) == 0 }
        _ = await device.repository.sync()
      }
    }
    for _ in 0..<2 {
      for device in devices {
        device.network.isOffline.withLock { $0 = false }
        device.network.losesNextAnswer.withLock { $0 = false }
        let report = await device.repository.sync()
        #expect(report.refusals.isEmpty, "\(report)")
      }
    }
    let views = devices.map { device in
      device.repository.tasks().map { "\($0.id) \($0.fields) \($0.isDeleted) \($0.conflicts.count) \($0.unsent)" }
    }
    #expect(views[0] == views[1] && views[1] == views[2], "the three devices show the same")
    let token = try live.app.login("eva").accessToken
    let server = try JSONText.decode(TaskSnapshot.self, from: live.app.send(.tasks(.list(.first)), token: token))
    #expect(
      Set(server.items.map(\.id)) == Set(devices[0].repository.tasks().filter { !$0.isDeleted }.map(\.id)),
      "and the server's state")
    let answered = try live.app.database.read { connection in
      Set(try connection.query("SELECT op_id FROM task_ops").map { $0.string("op_id") })
    }
    #expect(made.count > 100)
    #expect(made.subtracting(answered).isEmpty, "every operation reached the server and was answered")
  }

  /// The server applies a batch and the answer is lost on the way back: the device sends the
  /// same operations again, and they are answered without being applied a second time.
  @Test func aLostResponseRetriedAppliesOnce() async throws {
    let live = try LiveServer()
    let folder = TemporaryDirectory()
    let network = LossyTransport()
    let session = ClientSession(server: live.address, store: MemoryTokenStore(), transport: network)
    _ = try await session.signIn(username: "eva", password: "atrium-demo")
    let phone = LiveTaskRepository(session: session, cache: try ClientCache(path: folder.path + "/phone.sqlite"))
    let id = try phone.add(TaskFields(title: "Renew the parking card"))
    try phone.change(id, [.title: .text("Renew the parking card by Friday")])
    network.losesNextAnswer.withLock { $0 = true }
    _ = await phone.sync()
    #expect(phone.unsentCount() == 2, "the device never heard, so it keeps both")
    #expect(await phone.sync() == .init())
    #expect(phone.unsentCount() == 0 && phone.task(id: id)?.fields.title == "Renew the parking card by Friday")
    let token = try live.app.login("eva").accessToken
    let server = try JSONText.decode(TaskSnapshot.self, from: live.app.send(.tasks(.list(.first)), token: token))
    #expect(server.items.map(\.title) == ["Renew the parking card by Friday"])
    #expect(server.items.map(\.version) == [2], "created once and renamed once: nothing applied twice")
    #expect(phone.task(id: id)?.version == 2)
  }

  func pendingOpIDs(_ repository: LiveTaskRepository) -> [String] {
    repository.pendingOperationIDs()
  }
}
