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

  public init(accessToken: String, refreshToken: String, expiresIn: Int, user: User) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
    self.tokenType = "Bearer"
    self.user = user
  }
}
