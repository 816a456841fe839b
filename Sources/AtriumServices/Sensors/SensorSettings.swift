import Foundation

/// Where the sensors' MQTT broker is and how Atrium signs in to it: `--mqtt mqtt://host:port`
/// (or `mqtts://` with an optional CA file) and `--mqtt-admin USER:PASSWORD`, an account of
/// the broker's dynamic-security plugin that may manage accounts and read every sensor topic.
public struct SensorSettings: Sendable, Hashable {
  public let host: String
  public let port: Int
  public let usesTLS: Bool
  public let adminUsername: String
  public let adminPassword: String
  public let caFile: String?
  /// The MQTT client id Atrium connects with: the same after a restart, so the broker keeps
  /// what arrived meanwhile in Atrium's session.
  public let clientID: String
  /// Whether several instances share the readings (`$share/atrium/…`: each reading reaches
  /// one of them) rather than one instance reading them all.
  public let isShared: Bool
  /// Where sensors reach the broker (registration tells them): `--mqtt-public`, or the
  /// address Atrium uses when the broker is not behind another name.
  public let publicHost: String
  public let publicPort: Int

  public struct Invalid: Error, CustomStringConvertible {
    public let description: String
  }

  /// - Parameters:
  ///   - url: `mqtt://host:port` or `mqtts://host:port` (default ports 1883 and 8883).
  ///   - admin: `USER:PASSWORD`.
  ///   - publicURL: Where sensors reach the broker, when not at `url`.
  public init(
    url: String, admin: String, caFile: String?, clientID: String, isShared: Bool, publicURL: String? = nil
  ) throws {
    guard let (scheme, host, port) = Self.address(url) else {
      throw Invalid(description: "--mqtt must be an mqtt:// or mqtts:// address with a host, got \(url)")
    }
    let seen = try publicURL.map { text in
      guard let address = Self.address(text) else {
        throw Invalid(description: "--mqtt-public must be an mqtt:// or mqtts:// address with a host, got \(text)")
      }
      return address
    }
    let parts = admin.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw Invalid(description: "--mqtt-admin must be USER:PASSWORD, an admin account of the broker")
    }
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw Invalid(description: "the MQTT CA file \(caFile) cannot be read")
    }
    self.host = host
    self.port = port
    self.usesTLS = scheme == "mqtts"
    self.publicHost = seen?.host ?? host
    self.publicPort = seen?.port ?? port
    self.adminUsername = parts[0]
    self.adminPassword = parts[1]
    self.caFile = caFile
    self.clientID = clientID
    self.isShared = isShared
  }

  private static func address(_ url: String) -> (scheme: String, host: String, port: Int)? {
    guard let components = URLComponents(string: url), let scheme = components.scheme,
      ["mqtt", "mqtts"].contains(scheme), let host = components.host, !host.isEmpty
    else { return nil }
    return (scheme, host, components.port ?? (scheme == "mqtts" ? 8883 : 1883))
  }

  /// What Atrium subscribes to for every sensor's readings.
  public var readingsFilter: String { (isShared ? "$share/atrium/" : "") + "sensors/+/readings" }
}
