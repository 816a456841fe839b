/// `POST /api/v1/auth/login` body.
public struct LoginRequest: Codable, Hashable, Sendable {
  public var username: String
  public var password: String

  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}

/// `POST /api/v1/auth/refresh` body.
public struct RefreshRequest: Codable, Hashable, Sendable {
  public var refreshToken: String

  public init(refreshToken: String) {
    self.refreshToken = refreshToken
  }
}

/// `POST /api/v1/auth/logout` body: the refresh token of the session to end. It may be left
/// out with `?everywhere=true`, which ends every session of the caller.
public struct LogoutRequest: Codable, Hashable, Sendable {
  public var refreshToken: String?

  public init(refreshToken: String?) {
    self.refreshToken = refreshToken
  }
}

/// The answer to a login or a refresh: a short-lived access token, the refresh token that
/// replaces the one just spent, and the user they belong to.
public struct SessionTokens: Codable, Hashable, Sendable {
  public var accessToken: String
  public var refreshToken: String
  /// Seconds until the access token expires.
  public var expiresIn: Int
  public var tokenType: String
  public var user: User
  /// True after signing in with a temporary password: until `POST /api/v1/me/password`, every
  /// other call but `GET /api/v1/me` and sign-out answers 403.
  public var mustChangePassword: Bool

  public init(accessToken: String, refreshToken: String, expiresIn: Int, user: User, mustChangePassword: Bool = false) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
    self.tokenType = "Bearer"
    self.user = user
    self.mustChangePassword = mustChangePassword
  }
}

/// `POST /api/v1/me/password` body.
public struct PasswordChange: Codable, Hashable, Sendable {
  public var current: String
  public var new: String

  public init(current: String, new: String) {
    self.current = current
    self.new = new
  }
}

/// A temporary password, shown once: the person must change it at their first sign-in.
public struct TemporaryPassword: Codable, Hashable, Sendable {
  public var temporaryPassword: String

  public init(temporaryPassword: String) {
    self.temporaryPassword = temporaryPassword
  }
}

/// One place the caller is signed in (`GET /api/v1/me/sessions`).
public struct SessionBody: Codable, Hashable, Sendable {
  public var id: String
  /// `web` (a browser) or `app` (the apps and the command line, with refresh tokens).
  public var kind: String
  /// The client's own description (its `User-Agent`), empty when it sent none.
  public var device: String
  /// The address it signed in from.
  public var address: String
  /// RFC 3339, UTC.
  public var createdAt: String
  /// RFC 3339, UTC: the last sign-in, refresh or page (up to one access token's lifetime behind).
  public var lastUsedAt: String
  /// The session of the request that asked.
  public var current: Bool

  public init(
    id: String, kind: String, device: String, address: String, createdAt: String, lastUsedAt: String, current: Bool
  ) {
    self.id = id
    self.kind = kind
    self.device = device
    self.address = address
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
    self.current = current
  }
}

/// `POST /api/v1/auth/password-reset` body.
public struct ForgottenPassword: Codable, Hashable, Sendable {
  public var email: String

  public init(email: String) {
    self.email = email
  }
}

/// `POST /api/v1/auth/password-reset/complete` body: the token from the mail's link.
public struct PasswordReset: Codable, Hashable, Sendable {
  public var token: String
  public var password: String

  public init(token: String, password: String) {
    self.token = token
    self.password = password
  }
}

/// `POST /api/v1/people/{id}/invitation` answer: the link went to the outbox.
public struct InvitationSent: Codable, Hashable, Sendable {
  /// Where the mail goes.
  public var email: String
  /// When the link stops working (7 days on).
  public var expiresAt: String

  public init(email: String, expiresAt: String) {
    self.email = email
    self.expiresAt = expiresAt
  }
}

/// `POST /api/v1/me/deletion`: the person deletes their own account, confirming it.
public struct AccountDeletion: Codable, Hashable, Sendable {
  /// Their e-mail address, typed again.
  public var email: String
  /// Their password; required for a local account.
  public var password: String?

  public init(email: String, password: String? = nil) {
    self.email = email
    self.password = password
  }
}

/// `POST /api/v1/auth/sign-up`: a person of an allowed mail domain creates their account.
public struct SignUpRequest: Codable, Hashable, Sendable {
  public var email: String
  public var password: String
  public var firstName: String
  public var lastName: String
  /// With its country prefix (E.164): `+34 600 123 456`.
  public var phone: String

  public init(email: String, password: String, firstName: String, lastName: String, phone: String) {
    self.email = email
    self.password = password
    self.firstName = firstName
    self.lastName = lastName
    self.phone = phone
  }
}

/// The answer to a sign-up or a request to send its link again, whatever the address: a
/// mail is on its way.
public struct SignUpAccepted: Codable, Hashable, Sendable {
  public var email: String
  /// How long the confirmation link works.
  public var confirmWithinDays: Int

  public init(email: String, confirmWithinDays: Int) {
    self.email = email
    self.confirmWithinDays = confirmWithinDays
  }
}

/// Who may sign up themselves (`GET|PUT /api/v1/company/sign-up`, admins).
public struct SignUpSettingsBody: Codable, Hashable, Sendable {
  /// The mail domains whose people may sign up (`atrium-demo.example`); empty: sign-up is off.
  public var domains: [String]
  /// Where new people start (required while `domains` is not empty).
  public var departmentId: String?
  public var locationId: String?

  public init(domains: [String], departmentId: String? = nil, locationId: String? = nil) {
    self.domains = domains
    self.departmentId = departmentId
    self.locationId = locationId
  }
}

/// `POST /api/v1/me/email`: the caller asks to use another address, confirmed from it.
public struct EmailChange: Codable, Hashable, Sendable {
  public var email: String
  /// Their password; required for a local account.
  public var password: String?

  public init(email: String, password: String? = nil) {
    self.email = email
    self.password = password
  }
}
