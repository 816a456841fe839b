import Foundation
import Synchronization

/// Counts failed sign-ins per (username, client address) and per address in a sliding
/// window, so guessing is slowed without letting anyone lock an admin out from elsewhere.
public final class LoginRateLimiter: Sendable {
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

  private struct State {
    package var byPair: [String: [Date]] = [:]
    package var byAddress: [String: [Date]] = [:]
    package var failuresSinceSweep = 0
  }

  public let limits: Limits
  private let state = Mutex(State())

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Seconds until another attempt is allowed, or nil when it is allowed now.
  public func retryAfter(username: String, address: String, now: Date) -> Int? {
    state.withLock { state in
      let pair = Self.recent(state.byPair[Self.pairKey(username, address)], now: now, window: limits.window)
      let byAddress = Self.recent(state.byAddress[address], now: now, window: limits.window)
      var waits: [TimeInterval] = []
      if pair.count >= limits.perUsernameAndAddress, let oldest = pair.first {
        waits.append(oldest.addingTimeInterval(limits.window).timeIntervalSince(now))
      }
      if byAddress.count >= limits.perAddress, let oldest = byAddress.first {
        waits.append(oldest.addingTimeInterval(limits.window).timeIntervalSince(now))
      }
      return waits.max().map { max(1, Int($0.rounded(.up))) }
    }
  }

  public func recordFailure(username: String, address: String, now: Date) {
    state.withLock { state in
      let key = Self.pairKey(username, address)
      state.byPair[key] = Self.recent(state.byPair[key], now: now, window: limits.window) + [now]
      state.byAddress[address] = Self.recent(state.byAddress[address], now: now, window: limits.window) + [now]
      state.failuresSinceSweep += 1
      // Forget idle entries now and then, so memory stays bounded under a spray of names.
      if state.failuresSinceSweep >= 1_000 {
        state.failuresSinceSweep = 0
        state.byPair = state.byPair.filter { $0.value.last.map { now.timeIntervalSince($0) < limits.window } ?? false }
        state.byAddress = state.byAddress.filter {
          $0.value.last.map { now.timeIntervalSince($0) < limits.window } ?? false
        }
      }
    }
  }

  /// A successful sign-in clears that username's failures from that address.
  public func recordSuccess(username: String, address: String) {
    _ = state.withLock { $0.byPair.removeValue(forKey: Self.pairKey(username, address)) }
  }

  private static func pairKey(_ username: String, _ address: String) -> String {
    username + "\u{0}" + address
  }

  private static func recent(_ dates: [Date]?, now: Date, window: TimeInterval) -> [Date] {
    (dates ?? []).filter { now.timeIntervalSince($0) < window }
  }
}
