import AtriumAPI
import AtriumDomain
import Foundation

/// Between the account's tasks and the device's own: importing the tasks made signed out,
/// and the three answers to signing out with unsent changes. Nothing is decided silently.
extension LiveTaskRepository {
  /// Makes the device's tasks the account's: each becomes a `create` with its existing id, so
  /// importing twice creates nothing twice; they stay on the device's list until the server
  /// has them (`DeviceTaskRepository.forget`), so an import that never went is not lost. A copy kept at an earlier sign-out of this account
  /// that nobody touched gives way to the account's latest; one that differs from what it was
  /// kept from (unsent edits, or edits made to it meanwhile) goes as a `create` of the same
  /// id, which the server answers with a conflict on each field that differs: offered, never
  /// overwritten. Another account's kept copies stay on the device.
  /// - Returns: How many operations it queued (`sync` sends them).
  @discardableResult
  public func importTasks(from device: DeviceTaskRepository, account: String) throws(APIError) -> Int {
    var queued = 0
    var staying: [DeviceTaskRepository.Kept] = []
    for task in device.kept() {
      if let owner = task.account {
        guard owner == account else {
          staying.append(task)
          continue
        }
        if task.fields == task.keptFields, !task.isDeleted { continue }
      }
      guard !task.isDeleted else { continue }
      try keepOperation(.create(task.fields), on: task.id)
      queued += 1
      if task.account == nil { staying.append(task) }
    }
    device.save(staying)
    return queued
  }

  /// "Keep on this device": the account's tasks as the device shows them (unsent edits
  /// included) stay as copies, each with the server's fields it was kept from; the account's
  /// copy and unsent operations leave the device.
  public func keepOnDevice(_ device: DeviceTaskRepository, account: String) {
    let server = Self.serverCopy(cache)
    let copies = tasks().filter { !$0.isDeleted }.map { task in
      DeviceTaskRepository.Kept(
        id: task.id, fields: task.fields, isDeleted: false, account: account,
        keptFields: server[task.id].map(Self.local)?.fields ?? TaskFields(title: ""),
        keptVersion: server[task.id]?.version)
    }
    device.save(device.kept().filter { $0.account != account } + copies)
    forgetAccount()
  }

  /// "Discard": the unsent operations and the account's copy leave the device.
  public func discardUnsent() {
    forgetAccount()
  }

  /// Forgets the account's tasks on this device: its copy, its cursor, its unsent operations.
  func forgetAccount() {
    for write in cache.pendingWrites() {
      if case .taskOp = write.operation { cache.remove(write) }
    }
    Self.keep([:], cache)
    cache.remove(key: "tasks-cursor")
  }

  func keepOperation(_ kind: TaskOperation.Kind, on id: String) throws(APIError) {
    let operation = TaskOperation(opID: UUID().uuidString.lowercased(), taskID: id, kind: kind)
    do {
      try cache.enqueue(.taskOp(operation), idempotencyKey: operation.opID)
    } catch {
      throw .notKept(String(describing: error))
    }
  }
}
