import Foundation
import Synchronization

/// Accounts and roles on a Mosquitto broker through its dynamic-security plugin: commands are
/// JSON published on `$CONTROL/dynamic-security/v1` by an admin account, and each answer comes
/// back on `…/response` with the command's correlation data.
public final class DynamicSecurity: Sendable {
  public static let commandTopic = "$CONTROL/dynamic-security/v1"
  public static let responseTopic = commandTopic + "/response"

  /// A rule of a role: what a client may do on a topic.
  public struct ACL: Sendable, Hashable {
    public enum Kind: String, Sendable {
      case publishClientSend, publishClientReceive, subscribeLiteral, subscribePattern, unsubscribeLiteral,
        unsubscribePattern
    }
    public let kind: Kind
    public let topic: String
    public let allow: Bool

    public init(_ kind: Kind, _ topic: String, allow: Bool = true) {
      self.kind = kind
      self.topic = topic
      self.allow = allow
    }
  }

  public enum Command: Sendable, Hashable {
    case createRole(String, acls: [ACL])
    case deleteRole(String)
    case createClient(username: String, password: String, roles: [String])
    case deleteClient(username: String)
    case setClientPassword(username: String, password: String)
    case disableClient(username: String)

    var name: String {
      switch self {
      case .createRole: "createRole"
      case .deleteRole: "deleteRole"
      case .createClient: "createClient"
      case .deleteClient: "deleteClient"
      case .setClientPassword: "setClientPassword"
      case .disableClient: "disableClient"
      }
    }

    func json(correlation: String) -> [String: Any] {
      var body: [String: Any] = ["command": name, "correlationData": correlation]
      switch self {
      case .createRole(let role, let acls):
        body["rolename"] = role
        body["acls"] = acls.map { ["acltype": $0.kind.rawValue, "topic": $0.topic, "allow": $0.allow, "priority": 0] }
      case .deleteRole(let role): body["rolename"] = role
      case .createClient(let username, let password, let roles):
        body["username"] = username
        body["password"] = password
        body["roles"] = roles.map { ["rolename": $0] }
      case .deleteClient(let username), .disableClient(let username): body["username"] = username
      case .setClientPassword(let username, let password):
        body["username"] = username
        body["password"] = password
      }
      return body
    }
  }

  private let client: MQTTClient
  private let waiting = Mutex<[String: @Sendable (MQTTError?) -> Void]>([:])

  /// Uses `client` (signed in as a dynamic-security admin) and listens to the answers on it;
  /// its message handler must pass every message to `take(_:)` first.
  public init(client: MQTTClient) {
    self.client = client
    client.subscribe(Self.responseTopic)
  }

  /// Takes the message when it answers a command; returns false for any other.
  public func take(_ message: MQTTMessage) -> Bool {
    guard message.topic == Self.responseTopic else { return false }
    guard let object = try? JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any],
      let responses = object["responses"] as? [[String: Any]]
    else { return true }
    for response in responses {
      guard let correlation = response["correlationData"] as? String else { continue }
      let error = (response["error"] as? String).map { MQTTError.rejected($0) }
      answer(correlation, error)
    }
    return true
  }

  /// Sends one command; `done` is called once with nil when the broker did it, or why not:
  /// `MQTTError.rejected` with the broker's reason ("Client already exists"…), the
  /// connection's error when it could not be sent, `.timedOut` without an answer in time.
  public func run(_ command: Command, timeout: Duration = .seconds(10), done: @escaping @Sendable (MQTTError?) -> Void)
  {
    let correlation = UUID().uuidString
    guard
      let payload = try? JSONSerialization.data(withJSONObject: ["commands": [command.json(correlation: correlation)]])
    else { return done(.rejected("the command could not be written")) }
    waiting.withLock { $0[correlation] = done }
    client.publish(Self.commandTopic, Array(payload), timeout: timeout) { [self] error in
      // Not sent, or never acknowledged: the broker did not take it.
      if let error { answer(correlation, error) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + MQTTClient.interval(timeout)) { [self] in
      answer(correlation, .timedOut)
    }
  }

  /// Runs one command and waits for its answer.
  public func run(_ command: Command, timeout: Duration = .seconds(10)) async throws(MQTTError) {
    let outcome = await withCheckedContinuation { continuation in
      run(command, timeout: timeout) { continuation.resume(returning: $0) }
    }
    if let outcome { throw outcome }
  }

  /// Runs one command and waits, blocking the calling thread (the server's workers).
  public func runAndWait(_ command: Command, timeout: Duration = .seconds(10)) throws(MQTTError) {
    let outcome = Mutex<MQTTError?>(nil)
    let done = DispatchSemaphore(value: 0)
    run(command, timeout: timeout) { error in
      outcome.withLock { $0 = error }
      done.signal()
    }
    done.wait()
    if let error = outcome.withLock({ $0 }) { throw error }
  }

  /// Ends the wait for `correlation`, once.
  private func answer(_ correlation: String, _ error: MQTTError?) {
    waiting.withLock { $0.removeValue(forKey: correlation) }?(error)
  }
}
