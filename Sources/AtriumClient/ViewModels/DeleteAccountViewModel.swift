import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// "Delete my account": the person types their e-mail again and their password; the server
/// decides. Once it is done, the session and everything this device kept are gone, and the app
/// shows the signed-out screen. A refusal says why next to the field it concerns.
@MainActor
public final class DeleteAccountViewModel: ScreenModel<DeleteAccountViewModel.State> {
  public struct State: Equatable, Sendable, ScreenState {
    public var email = ""
    public var password = ""
    public var isDeleteEnabled = false
    public var isWorking = false
    public var emailError: String?
    public var passwordError: String?
    /// What goes and what the company keeps, said before anything is typed.
    public var explanation = ""
    /// Set once the account is deleted: show the signed-out screen with this message.
    public var deletedMessage: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let session: ClientSession
  private let cache: ClientCache?

  /// - Parameter cache: What this device kept for the account; emptied once it is deleted.
  public init(session: ClientSession, cache: ClientCache? = nil, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    var state = State()
    state.explanation = [ErasureText.deleteExplained, .keptExplained].map { $0.text(in: language) }.joined(
      separator: " ")
    super.init(state: state, language: language)
  }

  public func emailChanged(_ text: String) {
    state.email = text
    state.emailError = nil
    state.isDeleteEnabled = Self.canDelete(state)
  }

  public func passwordChanged(_ text: String) {
    state.password = text
    state.passwordError = nil
    state.isDeleteEnabled = Self.canDelete(state)
  }

  public func deleteTapped() async {
    guard Self.canDelete(state), !state.isWorking else { return }
    var next = state
    next.isWorking = true
    next.isDeleteEnabled = false
    next.clearFailure()
    state = next
    do {
      try await session.deleteAccount(email: next.email.trimmingCharacters(in: .whitespaces), password: next.password)
      cache?.removeAll()
      next.password = ""
      next.deletedMessage = ErasureText.accountDeleted.text(in: language)
    } catch .badRequest(let problem) {
      for error in problem.errors ?? [] {
        if error.field == "email" { next.emailError = error.message }
        if error.field == "password" { next.passwordError = error.message }
      }
      if problem.errors?.isEmpty ?? true { next.error = problem.detail }
    } catch .forbidden {
      // The one refusal of this route for a signed-in person: the directory owns the account.
      next.error = AdminProblemMessage.directoryAccountDeletedByDirectory.text(in: language)
    } catch .conflict(let problem) {
      next.error = problem.detail
    } catch {
      next.fail(error, in: language)
    }
    next.isWorking = false
    next.isDeleteEnabled = next.deletedMessage == nil && Self.canDelete(next)
    state = next
  }

  private static func canDelete(_ state: State) -> Bool {
    !state.email.trimmingCharacters(in: .whitespaces).isEmpty && !state.password.isEmpty
  }
}
