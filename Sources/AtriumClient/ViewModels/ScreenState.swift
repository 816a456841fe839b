/// What every screen shows besides its own data: whether it is loading, and the last failure:
/// the message to show, and the two kinds a screen treats apart (signed out: show the sign-in
/// form; offline: show the last copy with a banner, and let writes wait in the outbox).
public struct ScreenStatus: Equatable, Sendable {
  public var isLoading = false
  public var error: String?
  public var isSignedOut = false
  public var isOffline = false

  public init() {}
}

/// A screen's state: its own values, and its `ScreenStatus`, read through as `isLoading`,
/// `error`, `isSignedOut` and `isOffline`.
public protocol ScreenState {
  var screenStatus: ScreenStatus { get set }
}

extension ScreenState {
  public var isLoading: Bool {
    get { screenStatus.isLoading }
    set { screenStatus.isLoading = newValue }
  }

  public var error: String? {
    get { screenStatus.error }
    set { screenStatus.error = newValue }
  }

  public var isSignedOut: Bool {
    get { screenStatus.isSignedOut }
    set { screenStatus.isSignedOut = newValue }
  }

  public var isOffline: Bool {
    get { screenStatus.isOffline }
    set { screenStatus.isOffline = newValue }
  }

  mutating func fail(_ failure: APIError, in language: ClientLanguage) {
    error = failure.message(in: language)
    isSignedOut = failure == .unauthorized
    isOffline = failure == .offline || failure == .timeout
  }

  mutating func clearFailure() {
    error = nil
    isOffline = false
  }
}
