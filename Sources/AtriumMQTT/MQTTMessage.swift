/// A message as it arrived, copied out of libmosquitto's memory before the callback returned.
public struct MQTTMessage: Sendable, Hashable {
  public let topic: String
  public let payload: [UInt8]
  public let qos: Int
  public let isRetained: Bool

  public init(topic: String, payload: [UInt8], qos: Int = 1, isRetained: Bool = false) {
    self.topic = topic
    self.payload = payload
    self.qos = qos
    self.isRetained = isRetained
  }
}

/// Where and as whom a client connects.
public struct MQTTConfiguration: Sendable {
  public var host: String
  public var port: Int
  /// The client id: with `keepsSession`, the broker keeps this id's subscriptions and queues
  /// its QoS 1 messages while it is away.
  public var clientID: String
  public var username: String?
  public var password: String?
  /// A CA file to verify the broker's certificate with (`mqtts://`); nil for plain MQTT.
  public var caFile: String?
  public var keepsSession: Bool
  public var keepAliveSeconds: Int32
  /// The first retry waits this long, the next twice as long, and so on (linear) up to
  /// `maximumRetryDelay`.
  public var retryDelay: Duration
  public var maximumRetryDelay: Duration

  public init(
    host: String, port: Int, clientID: String, username: String? = nil, password: String? = nil,
    caFile: String? = nil, keepsSession: Bool = false, keepAliveSeconds: Int32 = 30,
    retryDelay: Duration = .milliseconds(500), maximumRetryDelay: Duration = .seconds(15)
  ) {
    self.host = host
    self.port = port
    self.clientID = clientID
    self.username = username
    self.password = password
    self.caFile = caFile
    self.keepsSession = keepsSession
    self.keepAliveSeconds = keepAliveSeconds
    self.retryDelay = retryDelay
    self.maximumRetryDelay = maximumRetryDelay
  }

  /// How long to wait before retry number `attempt` (0 for the first).
  func delay(beforeRetry attempt: Int) -> Duration {
    min(retryDelay * (attempt + 1), maximumRetryDelay)
  }
}
