import AtriumAPI
import Foundation
import Observation

/// Signing in: the form's fields, whether the button may be pressed, the error to show, and
/// who is signed in.
@Observable @MainActor
public final class LoginViewModel {
  public struct State: Equatable, Sendable {
    public var username = ""
    public var password = ""
    public var isSignInEnabled = false
    public var isWorking = false
    public var error: String?
    public var signedInAs: String?

    public init() {}
  }

  public private(set) var state = State() {
    didSet { if state != oldValue { onChange?(state) } }
  }

  @ObservationIgnored public var onChange: ((State) -> Void)?
  private let session: ClientSession
  private let language: ClientLanguage

  public init(session: ClientSession, language: ClientLanguage = .en) {
    self.session = session
    self.language = language
  }

  public func usernameChanged(_ text: String) {
    state.username = text
    state.isSignInEnabled = Self.canSignIn(state)
  }

  public func passwordChanged(_ text: String) {
    state.password = text
    state.isSignInEnabled = Self.canSignIn(state)
  }

  public func signInTapped() async {
    guard Self.canSignIn(state), !state.isWorking else { return }
    var next = state
    next.isWorking = true
    next.isSignInEnabled = false
    next.error = nil
    state = next
    do {
      let user = try await session.signIn(username: state.username, password: state.password)
      next.signedInAs = user.displayName
      next.password = ""
    } catch .unauthorized {
      next.error = language == .es ? "Usuario o contraseña incorrectos." : "Wrong username or password."
    } catch {
      next.error = error.message(in: language)
    }
    next.isWorking = false
    next.isSignInEnabled = Self.canSignIn(next)
    state = next
  }

  public func signOutTapped() async {
    await session.signOut()
    state = State()
  }

  private static func canSignIn(_ state: State) -> Bool {
    !state.username.trimmingCharacters(in: .whitespaces).isEmpty && !state.password.isEmpty
  }
}
