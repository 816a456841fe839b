extension Route {
  /// Signing in and out (`/api/v1/auth`).
  public enum Auth: RouteSection {
    /// `POST /api/v1/auth/login`: username and password in, tokens out.
    case login
    /// `POST /api/v1/auth/refresh`: a refresh token in, a new pair out (the old one is spent).
    case refresh
    /// `POST /api/v1/auth/logout`: ends one session, or every session of the caller.
    case logout(everywhere: Bool)
    /// `POST /api/v1/auth/password-reset`: a forgotten password; a one-time link goes by mail.
    case forgotPassword
    /// `POST /api/v1/auth/password-reset/complete`: that link's token and a new password.
    case completePasswordReset
    /// `POST /api/v1/auth/sign-up`: a person of an allowed mail domain creates their account.
    case signUp
    /// `POST /api/v1/auth/sign-up/resend`: the confirmation link again.
    case resendSignUp

    public enum Name: String, CaseIterable, Sendable {
      case login, refresh, logout, forgotPassword, completePasswordReset, signUp, resendSignUp
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .login:
        // Tokens are never stored for replays; the password hash runs on the worker pool.
        Endpoint(
          .post, "/api/v1/auth/login", access: .anonymous, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .login }
      case .refresh:
        Endpoint(
          .post, "/api/v1/auth/refresh", access: .anonymous, work: .quick, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .refresh }
      case .logout:
        Endpoint(
          .post, "/api/v1/auth/logout", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, query throws(RouteError) in .logout(everywhere: try Route.flag("everywhere", in: query)) }
      case .forgotPassword:
        // The same answer and the same work for any address; the mail goes from the outbox.
        Endpoint(
          .post, "/api/v1/auth/password-reset", access: .anonymous, work: .quick, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .forgotPassword }
      case .completePasswordReset:
        // The new password is hashed on the worker pool, and never stored for replays.
        Endpoint(
          .post, "/api/v1/auth/password-reset/complete", access: .anonymous, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .completePasswordReset }
      case .signUp:
        // The password is hashed on the worker pool; the same answer for any allowed address.
        Endpoint(
          .post, "/api/v1/auth/sign-up", access: .anonymous, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .signUp }
      case .resendSignUp:
        Endpoint(
          .post, "/api/v1/auth/sign-up/resend", access: .anonymous, work: .quick, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .resendSignUp }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .login: RouteParts(.login)
      case .refresh: RouteParts(.refresh)
      case .logout(let everywhere): RouteParts(.logout, query: everywhere ? [("everywhere", "true")] : [])
      case .forgotPassword: RouteParts(.forgotPassword)
      case .completePasswordReset: RouteParts(.completePasswordReset)
      case .signUp: RouteParts(.signUp)
      case .resendSignUp: RouteParts(.resendSignUp)
      }
    }

    public static let examples: [Self] = [
      .login, .refresh, .logout(everywhere: false), .logout(everywhere: true), .forgotPassword, .completePasswordReset,
      .signUp, .resendSignUp,
    ]
  }
}
