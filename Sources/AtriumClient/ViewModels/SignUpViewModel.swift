import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// Creating an account where the company allows it, before anyone is signed in: the server,
/// the work address, a password, the name and the phone. The server decides; a refusal shows
/// next to its field. Once sent, the same words whether or not the address had an account: a
/// mail is on its way, and its link (opened in the browser) confirms the address.
@MainActor
public final class SignUpViewModel: ScreenModel<SignUpViewModel.State> {
  public struct State: Equatable, Sendable, ScreenState {
    public var server = ""
    public var email = ""
    public var password = ""
    public var firstName = ""
    public var lastName = ""
    /// With the country prefix: `+34 600 123 456`.
    public var phone = ""
    public var isSendEnabled = false
    public var isWorking = false
    public var serverError: String?
    /// Refusals by field: `email`, `password`, `firstName`, `lastName`, `phone`.
    public var fieldErrors: [String: String] = [:]
    public var screenStatus = ScreenStatus()
    /// Shown once the server took it: a mail is on its way.
    public var sentMessage: String?

    public init() {}
  }

  private let transport: any Transport

  public init(server: String = "", transport: any Transport = URLSessionTransport(), language: ClientLanguage = .en) {
    self.transport = transport
    var state = State()
    state.server = server
    super.init(state: state, language: language)
  }

  public enum Field: String, Sendable, CaseIterable {
    case server, email, password, firstName, lastName, phone
  }

  public func changed(_ field: Field, to text: String) {
    switch field {
    case .server:
      state.server = text
      state.serverError = nil
    case .email: state.email = text
    case .password: state.password = text
    case .firstName: state.firstName = text
    case .lastName: state.lastName = text
    case .phone: state.phone = text
    }
    state.fieldErrors[field.rawValue] = nil
    state.sentMessage = nil
    state.isSendEnabled = Self.canSend(state)
  }

  public func sendTapped() async {
    guard Self.canSend(state), !state.isWorking else { return }
    await send { (client, state) throws(APIError) in
      try await client.signUp(
        SignUpRequest(
          email: state.email.trimmingCharacters(in: .whitespaces), password: state.password,
          firstName: state.firstName, lastName: state.lastName, phone: state.phone))
    }
  }

  /// The confirmation link again, for an address that signed up before.
  public func resendTapped() async {
    guard !state.server.trimmingCharacters(in: .whitespaces).isEmpty,
      !state.email.trimmingCharacters(in: .whitespaces).isEmpty, !state.isWorking
    else { return }
    await send { (client, state) throws(APIError) in
      try await client.resendSignUp(email: state.email.trimmingCharacters(in: .whitespaces))
    }
  }

  private func send(
    _ call: (APIClient, State) async throws(APIError) -> SignUpAccepted
  ) async {
    guard let server = LoginViewModel.address(state.server) else {
      state.serverError = AppText.enterServerAddress.text(in: language)
      state.isSendEnabled = false
      return
    }
    var next = state
    next.isWorking = true
    next.isSendEnabled = false
    next.clearFailure()
    next.fieldErrors = [:]
    state = next
    do {
      let accepted = try await call(APIClient(server: server, transport: transport, language: language), next)
      next.password = ""
      next.sentMessage = SignUpText.sent(email: accepted.email, days: accepted.confirmWithinDays).text(in: language)
    } catch .badRequest(let problem) {
      for error in problem.errors ?? [] { next.fieldErrors[error.field] = error.message }
      if problem.errors?.isEmpty ?? true { next.error = problem.detail }
    } catch .forbidden {
      // The one refusal of this route beyond its input: sign-up is closed here.
      next.error = AdminProblemMessage.signUpClosed.text(in: language)
    } catch .server(status: 503) {
      next.error = AdminProblemMessage.mailIsOff.text(in: language)
    } catch {
      next.fail(error, in: language)
    }
    next.isWorking = false
    next.isSendEnabled = Self.canSend(next)
    state = next
  }

  private static func canSend(_ state: State) -> Bool {
    [state.server, state.email, state.firstName, state.lastName, state.phone].allSatisfy {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    } && !state.password.isEmpty
  }
}
