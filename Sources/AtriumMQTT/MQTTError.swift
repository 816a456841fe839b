import CMosquitto
import Glibc

/// What went wrong talking to the broker, in words an operator can act on.
public enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The broker could not be reached (refused, unknown host, no route, a timeout).
  case unreachable(String)
  /// The broker answered the connection with a refusal (bad user name or password, not
  /// authorized): retrying with the same account will not help.
  case refused(String)
  /// The connection was lost, or there is none yet.
  case notConnected
  /// The broker refused what was asked (a topic the account may not use, a bad payload).
  case rejected(String)
  /// No answer in time (a publish without its acknowledgement, a command without a response).
  case timedOut
  /// The client was stopped.
  case stopped

  public var description: String {
    switch self {
    case .unreachable(let reason): "the MQTT broker is unreachable: \(reason)"
    case .refused(let reason): "the MQTT broker refused the connection: \(reason)"
    case .notConnected: "not connected to the MQTT broker"
    case .rejected(let reason): "the MQTT broker refused the request: \(reason)"
    case .timedOut: "the MQTT broker did not answer in time"
    case .stopped: "the MQTT client was stopped"
    }
  }

  /// A libmosquitto result code as an error (nil for success).
  static func from(code: Int32) -> MQTTError? {
    switch code {
    case Int32(MOSQ_ERR_SUCCESS.rawValue): nil
    case Int32(MOSQ_ERR_NO_CONN.rawValue), Int32(MOSQ_ERR_CONN_LOST.rawValue), Int32(MOSQ_ERR_KEEPALIVE.rawValue):
      .notConnected
    case Int32(MOSQ_ERR_CONN_REFUSED.rawValue), Int32(MOSQ_ERR_AUTH.rawValue): .refused(Self.text(code))
    case Int32(MOSQ_ERR_ERRNO.rawValue), Int32(MOSQ_ERR_EAI.rawValue), Int32(MOSQ_ERR_LOOKUP.rawValue),
      Int32(MOSQ_ERR_TLS.rawValue), Int32(MOSQ_ERR_TLS_HANDSHAKE.rawValue), Int32(MOSQ_ERR_TIMEOUT.rawValue):
      .unreachable(Self.text(code))
    default: .rejected(Self.text(code))
    }
  }

  static func text(_ code: Int32) -> String {
    if code == Int32(MOSQ_ERR_ERRNO.rawValue) {
      return String(cString: strerror(errno))
    }
    return String(cString: mosquitto_strerror(code))
  }
}
