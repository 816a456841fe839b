import Observation

/// What every view model shares: the screen's state as one `Equatable` value, the observer a
/// test or the CLI attaches (`onChange`, told of every new state), the language its texts are
/// in, and the loading every screen does. A view model states only its own inputs and outputs.
@Observable @MainActor
open class ScreenModel<State: ScreenState & Equatable & Sendable> {
  /// The screen's state; each change is published to `onChange`.
  public internal(set) var state: State {
    didSet { if state != oldValue { onChange?(state) } }
  }

  /// Told of every state the screen passes through, in order.
  @ObservationIgnored public var onChange: ((State) -> Void)?
  @ObservationIgnored let language: ClientLanguage

  init(state: State, language: ClientLanguage) {
    self.state = state
    self.language = language
  }
}

extension ScreenModel {
  /// The loading every screen does: the last saved copy at once (marked loading), then the
  /// server's; a failure keeps what is shown and says why (offline, signed out, refused).
  /// - Parameters:
  ///   - cached: The last saved copy, if any.
  ///   - fresh: The server's answer (which the repository also saves).
  ///   - show: Puts a value on the screen.
  func load<Value>(
    cached: Value?, fresh: () async throws(APIError) -> Value, show: (Value, inout State) -> Void
  ) async {
    var next = state
    next.isLoading = true
    if let cached { show(cached, &next) }
    state = next
    do {
      show(try await fresh(), &next)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }
}
