import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// A forgotten password, before anyone is signed in: the server and the account's mail
/// address; once sent, the same words whether or not an account has the address (the link
/// itself is opened in the browser, where the new password is chosen).
@Observable @MainActor
public final class ForgotPasswordViewModel {
  public struct State: Equatable, Sendable, ScreenState {
    public var server = ""
    public var email = ""
    public var isSendEnabled = false
    public var isWorking = false
    /// What is wrong with the server address, shown next to it.
    public var serverError: String?
    public var screenStatus = ScreenStatus()
    /// Shown once the request went through: a mail is on its way if an account has the address.
    public var sentMessage: String?

    public init() {}
  }

  public private(set) var state = State() {
    didSet { if state != oldValue { onChange?(state) } }
  }

  @ObservationIgnored public var onChange: ((State) -> Void)?
  private let transport: any Transport
  private let language: ClientLanguage

  /// - Parameter server: The address the app last signed in to, offered again.
  public init(server: String = "", transport: any Transport = URLSessionTransport(), language: ClientLanguage = .en) {
    self.transport = transport
    self.language = language
    state.server = server
  }

  public func serverChanged(_ text: String) {
    state.server = text
    state.serverError = nil
    state.isSendEnabled = Self.canSend(state)
  }

  public func emailChanged(_ text: String) {
    state.email = text
    state.sentMessage = nil
    state.isSendEnabled = Self.canSend(state)
  }

  public func sendTapped() async {
    guard Self.canSend(state), !state.isWorking else { return }
    guard let server = LoginViewModel.address(state.server) else {
      state.serverError = AppText.enterServerAddress.text(in: language)
      state.isSendEnabled = false
      return
    }
    var next = state
    next.isWorking = true
    next.isSendEnabled = false
    next.clearFailure()
    state = next
    do {
      try await APIClient(server: server, transport: transport, language: language).forgotPassword(
        email: state.email.trimmingCharacters(in: .whitespaces))
      next.sentMessage = PasswordText.linkSent(minutes: AccountLinkRules.passwordResetMinutes).text(in: language)
    } catch .badRequest(let problem) {
      next.error = problem.detail
    } catch .server(status: 503) {
      // The one refusal this route has beyond its input: the server sends no mail.
      next.error = AdminProblemMessage.mailIsOff.text(in: language)
    } catch {
      next.fail(error, in: language)
    }
    next.isWorking = false
    next.isSendEnabled = Self.canSend(next)
    state = next
  }

  private static func canSend(_ state: State) -> Bool {
    !state.server.trimmingCharacters(in: .whitespaces).isEmpty
      && !state.email.trimmingCharacters(in: .whitespaces).isEmpty
  }
}
