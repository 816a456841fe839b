import AtriumDomain
import AtriumSQL
import AtriumStore

/// Queues a push to each of a person's devices that Atrium pushes to, in the transaction of the
/// change it tells of: one outbox row per device, so each device's delivery is retried, merged
/// and given up on its own.
struct PushComposer {
  let environment: ServerEnvironment
  let push: PushSettings

  /// - Parameter idempotencyKey: The notice's key; each device's row adds the device's id.
  /// - Returns: How many rows were written.
  @discardableResult
  func enqueue(
    _ content: PushContent, to recipientID: String, idempotencyKey: String, connection: any DatabaseConnection
  ) throws -> Int {
    let devices = try SettingsStore(connection).devices(employeeID: recipientID)
      .filter { push.platforms.contains($0.platform) }
    guard !devices.isEmpty else { return 0 }
    let now = environment.now().milliseconds
    let payload = content.encoded()
    let outbox = OutboxStore(connection)
    var written = 0
    for device in devices {
      let wrote = try outbox.enqueue(
        .init(
          id: environment.makeID(), channel: .push, kind: content.kind, recipientID: recipientID, address: device.id,
          idempotencyKey: idempotencyKey + ":" + device.id, payload: payload, createdAt: now))
      if wrote { written += 1 }
    }
    return written
  }
}
