/// How a sensor is doing, as people see it.
public enum SensorStatus: String, Sendable, Hashable, Codable {
  case ok, alerting, silent

  /// A sensor is silent when nothing came for longer than three of its usual intervals (or
  /// when it never sent anything); alerting when one of its rules fires; ok otherwise.
  /// - Parameters:
  ///   - lastSeen: When the server last received a reading from it (milliseconds), or nil.
  ///   - interval: Its usual interval between readings, in seconds.
  public static func of(lastSeen: Int64?, interval: Int, isFiring: Bool, now: Int64) -> SensorStatus {
    guard let lastSeen, now - lastSeen <= Int64(3 * max(interval, 1)) * 1000 else { return .silent }
    return isFiring ? .alerting : .ok
  }
}
