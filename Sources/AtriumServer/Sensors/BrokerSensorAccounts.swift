import AtriumMQTT
import AtriumServices

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

  /// Runs a command and waits for its answer on this thread (no task is involved, so a
  /// caller on any thread is answered, whatever else keeps the task threads busy).
  private func run(_ command: DynamicSecurity.Command) throws(SensorAccountError) {
    do {
      try security.runAndWait(command)
    } catch .rejected(let reason) {
      throw .refused(reason)
    } catch {
      throw .unavailable(error.description)
    }
  }
}
