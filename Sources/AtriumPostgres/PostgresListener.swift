import CLibPQ

#if canImport(Glibc)
  import Glibc
#endif

/// A connection of its own that LISTENs on a channel and reports PostgreSQL NOTIFYs, so that
/// an instance learns at once what another instance committed.
///
/// A notification is only a hint that something changed (the tables stay the truth): after
/// a lost connection the listener connects again and reports a wake-up, since notifications
/// sent meanwhile were lost.
public final class PostgresListener {
  private let url: String
  private let channel: String
  private var connection: PostgresConnection?

  /// - Parameter channel: A plain identifier (letters, digits, underscores).
  public init(url: String, channel: String) {
    precondition(channel.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "a plain channel name")
    self.url = url
    self.channel = channel
  }

  /// Waits up to `milliseconds` for notifications on the channel; true when at least one came
  /// (or the connection was made again, when some may have been missed).
  /// - Throws: `PostgresError` when the server cannot be reached; call again later.
  public func wait(milliseconds: Int32) throws -> Bool {
    guard let connection, !connection.isBroken else {
      let fresh = try PostgresConnection(url: url, applicationName: "atrium-listener")
      try fresh.executeScript("LISTEN \(channel)")
      self.connection = fresh
      return true
    }
    if drain(connection) { return true }
    var descriptor = pollfd(fd: PQsocket(connection.handle), events: Int16(POLLIN), revents: 0)
    guard descriptor.fd >= 0 else {
      self.connection = nil
      return true
    }
    let ready = poll(&descriptor, 1, milliseconds)
    guard ready > 0 else { return false }
    guard PQconsumeInput(connection.handle) == 1 else {
      self.connection = nil
      throw PostgresError(sqlState: "", message: "the listening connection was lost", connectionLost: true)
    }
    return drain(connection)
  }

  /// Takes every notification already received; true when there was any.
  private func drain(_ connection: PostgresConnection) -> Bool {
    var any = false
    while let notification = PQnotifies(connection.handle) {
      PQfreemem(notification)
      any = true
    }
    return any
  }
}
