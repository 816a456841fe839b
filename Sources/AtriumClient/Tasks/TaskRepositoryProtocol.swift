import AtriumAPI
import AtriumDomain
import Foundation

/// Where a task list's tasks live: the account's (`LiveTaskRepository`, kept in sync) or,
/// signed out, this device's alone (`DeviceTaskRepository`). The view models work with either.
public protocol TaskRepository: Sendable {
  func tasks() -> [LocalTask]
  func task(id: String) -> LocalTask?
  /// Operations that wait for the server (none on the device's own list).
  func unsentCount() -> Int
  @discardableResult
  func add(_ fields: TaskFields) throws(APIError) -> String
  func change(_ id: String, _ values: [TaskField: TaskValue]) throws(APIError)
  func delete(_ id: String) throws(APIError)
  func restore(_ id: String) throws(APIError)
  func sync() async -> TaskSyncReport
  func resolve(_ id: String, field: TaskField, choice: String) async throws(APIError)
}

/// What a sync did: the operations refused (each with its reason), and whether the device is
/// still offline.
public struct TaskSyncReport: Equatable, Sendable {
  public var refusals: [String] = []
  public var isOffline = false

  public init(refusals: [String] = [], isOffline: Bool = false) {
    self.refusals = refusals
    self.isOffline = isOffline
  }
}

/// Tasks on this device only, for a person not signed in: they live in the device's cache and
/// go nowhere until the person signs in and imports them (`LiveTaskRepository.importTasks`).
/// Copies of an account's tasks kept at sign-out live here too, with the version they were
/// kept from, so the next sign-in can tell an edit made to them meanwhile.
public struct DeviceTaskRepository: TaskRepository {
  let cache: ClientCache
  /// What the list calls the author of the device's tasks.
  let authorName: String

  public init(cache: ClientCache, authorName: String = "This device") {
    self.cache = cache
    self.authorName = authorName
  }

  /// A task kept on the device.
  struct Kept: Codable, Equatable {
    var id: String
    var fields: TaskFields
    var isDeleted: Bool
    /// For a copy of an account's task: whose, and the fields and version it was kept at.
    var account: String?
    var keptFields: TaskFields?
    var keptVersion: Int?
  }

  static let key = "tasks-device"

  func kept() -> [Kept] { cache.get([Kept].self, key: Self.key) ?? [] }

  func save(_ tasks: [Kept]) { cache.put(tasks, key: Self.key) }

  public func tasks() -> [LocalTask] {
    kept().filter { !$0.isDeleted }.map(local).sorted {
      ($0.fields.done ? 1 : 0, $0.id) < ($1.fields.done ? 1 : 0, $1.id)
    }
  }

  public func task(id: String) -> LocalTask? { kept().first { $0.id == id }.map(local) }

  public func unsentCount() -> Int { 0 }

  @discardableResult
  public func add(_ fields: TaskFields) throws(APIError) -> String {
    let id = UUID().uuidString.lowercased()
    save(kept() + [Kept(id: id, fields: fields, isDeleted: false)])
    return id
  }

  public func change(_ id: String, _ values: [TaskField: TaskValue]) throws(APIError) {
    try update(id) { task in for (field, value) in values { task.fields.set(field, to: value) } }
  }

  public func delete(_ id: String) throws(APIError) { try update(id) { $0.isDeleted = true } }

  public func restore(_ id: String) throws(APIError) { try update(id) { $0.isDeleted = false } }

  public func sync() async -> TaskSyncReport { TaskSyncReport() }

  /// A device's own list has no conflicts to settle.
  public func resolve(_ id: String, field: TaskField, choice: String) async throws(APIError) {
    throw .notFound
  }

  /// Forgets every task kept on the device.
  public func removeAll() { save([]) }

  /// The device's own tasks not yet imported into an account.
  public func toImport() -> Int { kept().filter { $0.account == nil && !$0.isDeleted }.count }

  /// Forgets the device's own tasks that an account now has (imported and answered).
  public func forget(imported ids: Set<String>) {
    save(kept().filter { $0.account != nil || !ids.contains($0.id) })
  }

  private func update(_ id: String, _ change: (inout Kept) -> Void) throws(APIError) {
    var all = kept()
    guard let index = all.firstIndex(where: { $0.id == id }) else { throw .notFound }
    change(&all[index])
    save(all)
  }

  private func local(_ task: Kept) -> LocalTask {
    LocalTask(
      id: task.id, fields: task.fields, ownerID: "", ownerName: authorName, assignedBy: nil,
      version: task.keptVersion ?? 0, isDeleted: task.isDeleted, conflicts: [], unsent: 0)
  }
}
