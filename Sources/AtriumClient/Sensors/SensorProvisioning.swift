import Foundation

/// What a phone writes to a new sensor over Bluetooth so it can publish: the broker's host and
/// port, its account (user name = the sensor's id, and the password shown once at
/// registration) and its topic. One BLE characteristic write holds at most 512 bytes, so the
/// payload is a compact record: a version byte (1), then for each field a tag byte, a length
/// byte and that many UTF-8 bytes (the port as two bytes, big-endian), in tag order.
public struct SensorProvisioning: Equatable, Sendable {
  public var host: String
  public var port: Int
  public var username: String
  public var password: String
  public var topic: String

  public init(host: String, port: Int, username: String, password: String, topic: String) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.topic = topic
  }

  public static let version: UInt8 = 1
  /// The most one write of a BLE characteristic carries.
  public static let maximumBytes = 512

  enum Tag: UInt8 {
    case host = 1, port, username, password, topic
  }

  public enum Problem: Error, Equatable, Sendable {
    /// A field longer than 255 bytes, a port outside 1–65535, or more than `maximumBytes`.
    case tooLong(String)
    case badPort
    /// Not a provisioning record this version can read.
    case unreadable
  }

  /// The bytes the phone writes.
  public func encoded() throws(Problem) -> [UInt8] {
    guard (1...65_535).contains(port) else { throw .badPort }
    var bytes: [UInt8] = [Self.version]
    func field(_ tag: Tag, _ value: [UInt8], _ name: String) throws(Problem) {
      guard value.count <= 255 else { throw .tooLong(name) }
      bytes += [tag.rawValue, UInt8(value.count)] + value
    }
    try field(.host, Array(host.utf8), "host")
    try field(.port, [UInt8(port >> 8), UInt8(port & 0xFF)], "port")
    try field(.username, Array(username.utf8), "username")
    try field(.password, Array(password.utf8), "password")
    try field(.topic, Array(topic.utf8), "topic")
    guard bytes.count <= Self.maximumBytes else { throw .tooLong("the whole record") }
    return bytes
  }

  /// Reads what `encoded()` wrote (what the sensor's firmware does).
  public init(decoding bytes: [UInt8]) throws(Problem) {
    guard bytes.first == Self.version else { throw .unreadable }
    var fields: [Tag: [UInt8]] = [:]
    var index = 1
    while index < bytes.count {
      guard index + 1 < bytes.count, let tag = Tag(rawValue: bytes[index]) else { throw .unreadable }
      let length = Int(bytes[index + 1])
      guard index + 2 + length <= bytes.count, fields[tag] == nil else { throw .unreadable }
      fields[tag] = Array(bytes[(index + 2)..<(index + 2 + length)])
      index += 2 + length
    }
    func text(_ tag: Tag) throws(Problem) -> String {
      guard let value = fields[tag], let text = String(bytes: value, encoding: .utf8) else { throw .unreadable }
      return text
    }
    guard let port = fields[.port], port.count == 2 else { throw .unreadable }
    self.init(
      host: try text(.host), port: Int(port[0]) << 8 | Int(port[1]), username: try text(.username),
      password: try text(.password), topic: try text(.topic))
  }
}
