/// A sensor's account at the broker: made when the sensor is registered (its id is the user
/// name, and its role lets it publish under `sensors/<id>/` only), given a new password, and
/// deleted (which also ends its live connection). The broker's dynamic-security plugin in
/// `atrium serve`; a failing double in tests.
package protocol SensorAccounts: Sendable {
  func create(sensorID: String, password: String) throws(SensorAccountError)
  func setPassword(sensorID: String, password: String) throws(SensorAccountError)
  func delete(sensorID: String) throws(SensorAccountError)
}

/// Why the broker did not do it.
package enum SensorAccountError: Error, Equatable, Sendable {
  /// The broker cannot be reached now: try again later.
  case unavailable(String)
  /// The broker refused (an account of that name exists, or none does).
  case refused(String)
}
