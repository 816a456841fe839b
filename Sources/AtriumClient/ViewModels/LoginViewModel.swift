import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// Signing in: the server address (offered from the last sign-in), username and password,
/// whether the button may be pressed, the error to show, and who is signed in. Once signed
/// in, `session` is what every other repository is built on.
@Observable @MainActor
public final class LoginViewModel {
  public struct State: Equatable, Sendable, ScreenState {
    public var server = ""
    public var username = ""
    public var password = ""
    public var isSignInEnabled = false
    public var isWorking = false
    /// What is wrong with the server address, shown next to it.
    public var serverError: String?
    public var screenStatus = ScreenStatus()
    public var signedInAs: String?

    public init() {}
  }

  public private(set) var state = State() {
    didSet { if state != oldValue { onChange?(state) } }
  }

  @ObservationIgnored public var onChange: ((State) -> Void)?
  /// The signed-in session, or nil.
  public private(set) var session: ClientSession?
  private let store: any TokenStore
  private let transport: any Transport
  private let language: ClientLanguage

  /// A session saved by an earlier run is picked up at once (`session` is set).
  public init(store: any TokenStore, transport: any Transport = URLSessionTransport(), language: ClientLanguage = .en) {
    self.store = store
    self.transport = transport
    self.language = language
    state.server = store.rememberedServer() ?? ""
    if let saved = store.load(), let server = URL(string: saved.server) {
      session = ClientSession(server: server, store: store, transport: transport, language: language)
      state.username = saved.username
    }
  }

  public func serverChanged(_ text: String) {
    state.server = text
    state.serverError = nil
    state.isSignInEnabled = Self.canSignIn(state)
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
    guard let server = Self.address(state.server) else {
      state.serverError =
        AppText.enterServerAddress.text(in: language)
      state.isSignInEnabled = false
      return
    }
    var next = state
    next.isWorking = true
    next.isSignInEnabled = false
    next.clearFailure()
    state = next
    let session = ClientSession(server: server, store: store, transport: transport, language: language)
    do {
      let user = try await session.signIn(username: state.username, password: state.password)
      try? store.remember(server: server.absoluteString)
      self.session = session
      next.server = server.absoluteString
      next.signedInAs = user.displayName
      next.password = ""
    } catch .unauthorized {
      next.error = AppText.wrongCredentials.text(in: language)
    } catch {
      next.fail(error, in: language)
    }
    next.isWorking = false
    next.isSignInEnabled = Self.canSignIn(next)
    state = next
  }

  public func signOutTapped() async {
    await session?.signOut()
    session = nil
    var next = State()
    next.server = state.server
    state = next
  }

  /// `atrium.example.com` means `https://atrium.example.com`; only http and https are taken.
  public static func address(_ text: String) -> URL? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
    guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  private static func canSignIn(_ state: State) -> Bool {
    !state.server.trimmingCharacters(in: .whitespaces).isEmpty
      && !state.username.trimmingCharacters(in: .whitespaces).isEmpty && !state.password.isEmpty
  }
}
