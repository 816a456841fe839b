import AtriumMQTT
import AtriumServices
import Dispatch
import Synchronization

/// Sensors' accounts kept by the broker's dynamic-security plugin, through Atrium's admin
/// connection: one role per sensor (`sensor-<id>`, publish under `sensors/<id>/#`) and one
/// client with that role. Each call waits for the broker's answer (up to 10 seconds): callers
/// run on the worker pool, never on a network thread.
struct BrokerSensorAccounts: SensorAccounts {
  let security: DynamicSecurity

  static func role(_ sensorID: String) -> String { "sensor-\(sensorID)" }

  func create(sensorID: String, password: String) throws(SensorAccountError) {
    let role = Self.role(sensorID)
    try run(.createRole(role, acls: [.init(.publishClientSend, "sensors/\(sensorID)/#")]))
    do {
      try run(.createClient(username: sensorID, password: password, roles: [role]))
    } catch {
      // No role left behind for an account that was not made.
      try? run(.deleteRole(role))
      throw error
    }
  }

  func setPassword(sensorID: String, password: String) throws(SensorAccountError) {
    try run(.setClientPassword(username: sensorID, password: password))
  }

  func delete(sensorID: String) throws(SensorAccountError) {
    try run(.deleteClient(username: sensorID))
    try? run(.deleteRole(Self.role(sensorID)))
  }

  /// Runs a command and waits for its answer.
  private func run(_ command: DynamicSecurity.Command) throws(SensorAccountError) {
    let outcome = Mutex<MQTTError??>(nil)
    let done = DispatchSemaphore(value: 0)
    Task { [security] in
      do {
        try await security.run(command)
        outcome.withLock { $0 = .some(nil) }
      } catch {
        outcome.withLock { $0 = .some((error as? MQTTError) ?? .rejected("\(error)")) }
      }
      done.signal()
    }
    done.wait()
    guard let error = outcome.withLock({ $0 }) ?? nil else { return }
    switch error {
    case .rejected(let reason): throw .refused(reason)
    default: throw .unavailable(error.description)
    }
  }
}
