/// What every screen's state says about the last failure: the message to show, and the two
/// kinds a screen treats apart (signed out: show the sign-in form; offline: show the last copy
/// with a banner, and let writes wait in the outbox).
public protocol ScreenState {
  var error: String? { get set }
  var isSignedOut: Bool { get set }
  var isOffline: Bool { get set }
}

extension ScreenState {
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
