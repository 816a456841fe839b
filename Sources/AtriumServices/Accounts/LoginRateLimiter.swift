import AtriumSQL
import AtriumStore
import Foundation

/// Counts failed sign-ins per (username, client address) and per address in a sliding
/// window, so guessing is slowed without letting anyone lock an admin out from elsewhere.
///
/// The failures are kept in the database: instances behind one address count them together,
/// so the eleventh wrong password is refused whichever instance received the first ten.
public struct LoginRateLimiter: Sendable {
  public struct Limits: Sendable {
    public var perUsernameAndAddress: Int
    public var perAddress: Int
    public var window: TimeInterval

    public init(perUsernameAndAddress: Int = 10, perAddress: Int = 50, window: TimeInterval = 300) {
      self.perUsernameAndAddress = perUsernameAndAddress
      self.perAddress = perAddress
      self.window = window
    }
  }

  public let limits: Limits
  private let database: any Database

  public init(limits: Limits = Limits(), database: any Database) {
    self.limits = limits
    self.database = database
  }

  /// Seconds until another attempt is allowed, or nil when it is allowed now.
  public func retryAfter(username: String, address: String, now: Date) throws -> Int? {
    let since = now.addingTimeInterval(-limits.window).milliseconds
    let (pair, byAddress) = try database.read { connection in
      let failures = LoginFailureStore(connection)
      return (
        try failures.failures(address: address, username: username, since: since),
        try failures.failures(address: address, since: since)
      )
    }
    var waits: [TimeInterval] = []
    if pair.count >= limits.perUsernameAndAddress, let oldest = pair.oldest {
      waits.append(Self.date(oldest).addingTimeInterval(limits.window).timeIntervalSince(now))
    }
    if byAddress.count >= limits.perAddress, let oldest = byAddress.oldest {
      waits.append(Self.date(oldest).addingTimeInterval(limits.window).timeIntervalSince(now))
    }
    return waits.max().map { max(1, Int($0.rounded(.up))) }
  }

  public func recordFailure(username: String, address: String, now: Date) throws {
    try database.write { connection in
      let failures = LoginFailureStore(connection)
      try failures.record(address: address, username: username, at: now.milliseconds)
    }
  }

  /// A successful sign-in clears that username's failures from that address.
  public func recordSuccess(username: String, address: String) throws {
    try database.write { try LoginFailureStore($0).clear(address: address, username: username) }
  }

  private static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
  }
}
