import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumMessages
import AtriumStore
import Foundation
import Synchronization

/// Sign-in, token refresh with rotation and replay detection, sign-out, and checking the
/// access token of each request.
public final class AuthService: Sendable {
  private let environment: ServerEnvironment
  private let signer: TokenSigner
  private let limiter: LoginRateLimiter
  private let users: UserPresenter
  /// Access tokens whose signature was already checked, with their claims.
  private let verifiedTokens = Mutex<[String: AccessClaims]>([:])
  /// Verified against when the username is unknown, so both failures take the same time.
  private let decoyHash: String
  /// Sign-in through the company directory, when one is configured.
  private let directory: CurrentDirectory

  package init(environment: ServerEnvironment, users: UserPresenter, directory: CurrentDirectory) throws {
    self.environment = environment
    self.signer = TokenSigner(key: environment.signingKey)
    self.limiter = LoginRateLimiter(limits: environment.loginLimits, database: environment.database)
    self.users = users
    self.decoyHash = try environment.passwordHasher.hash(environment.secret(bytes: 16))
    self.directory = directory
  }

  // MARK: - Sign-in

  /// Checks a username and password (this hashes, or asks the directory: run it off the
  /// network threads).
  ///
  /// Which password counts: an account with a local password (made in Atrium, such as the
  /// break-glass admin) signs in with it and the directory is never asked, so a directory entry
  /// with the same name cannot take it over and a directory outage does not lock it out. Every
  /// other username is checked against the directory when one is configured.
  package func login(_ body: LoginRequest, origin: SessionOrigin) throws -> SessionTokens {
    let (employee, mustChange) = try verify(body, address: origin.address)
    return try startSession(for: employee, mustChangePassword: mustChange, now: environment.now(), origin: origin)
  }

  /// Checks a sign-in (rate limit, local password or directory) and answers who it is, for
  /// the API's tokens and the web app's session alike.
  /// - Returns: The employee, and whether they must change a temporary password first.
  package func verify(_ body: LoginRequest, address: String) throws -> (employee: Employee, mustChangePassword: Bool) {
    let username = Credentials.normalizedUsername(body.username)
    var validator = Validator()
    validator.require(!username.isEmpty, "username", .required)
    validator.require(!body.password.isEmpty, "password", .required)
    validator.require(body.password.count <= Credentials.passwordLengths.upperBound, "password", .tooLong)
    try validator.check()

    let now = environment.now()
    if let wait = try limiter.retryAfter(username: username, address: address, now: now) {
      throw Problem.tooManyAttempts(retryAfter: wait)
    }
    let found = try environment.database.read { connection -> (employee: Employee, account: AccountStore.Account?)? in
      // A username, or the address of a local account (how people who signed up know theirs).
      let people = PeopleStore(connection)
      guard
        let employee = try people.employee(username: username)
          ?? (username.contains("@") ? try people.employee(email: username) : nil)
      else { return nil }
      return (employee, try AccountStore(connection).account(employeeID: employee.id))
    }
    if found?.account?.passwordHash == nil, let directory = directory.service() {
      return (
        try directoryLogin(directory, username: username, password: body.password, address: address, now: now), false
      )
    }
    // Unknown users and accounts without a local password are checked against the decoy, so
    // every refusal costs the same time and says the same thing.
    let hash = found?.account?.passwordHash
    let matches = environment.passwordHasher.verify(body.password, against: hash ?? decoyHash)
    guard let employee = found?.employee, hash != nil, matches else {
      try limiter.recordFailure(username: username, address: address, now: now)
      throw Problem.unauthorized(.wrongCredentials)
    }
    // Only someone who knows the password learns that the address waits for its confirmation.
    if found?.account?.unconfirmedSince != nil { throw Problem.forbidden(.confirmAddressFirst) }
    guard employee.isActive else {
      try limiter.recordFailure(username: username, address: address, now: now)
      throw Problem.unauthorized(.wrongCredentials)
    }
    try limiter.recordSuccess(username: username, address: address)
    return (employee, found?.account?.mustChangePassword ?? false)
  }

  private func directoryLogin(
    _ directory: DirectoryService, username: String, password: String, address: String, now: Date
  ) throws -> Employee {
    let employee: Employee
    do {
      employee = try directory.signIn(username: username, password: password)
    } catch let problem as Problem where problem.status == 401 {
      try limiter.recordFailure(username: username, address: address, now: now)
      throw problem
    }
    try limiter.recordSuccess(username: username, address: address)
    return employee
  }

  package func startSession(
    for employee: Employee, mustChangePassword: Bool, now: Date, origin: SessionOrigin
  ) throws -> SessionTokens {
    let sessionID = environment.makeID()
    let refreshToken = environment.secret(bytes: 32)
    let user = try environment.database.write { connection in
      let sessions = SessionStore(connection)
      try sessions.createSession(
        id: sessionID, employeeID: employee.id, at: now.milliseconds, device: origin.device, address: origin.address)
      try sessions.insertToken(hash: Self.hash(refreshToken), sessionID: sessionID, at: now.milliseconds)
      return try users.user(for: employee, connection: connection)
    }
    return tokens(
      for: user, sessionID: sessionID, refreshToken: refreshToken, mustChangePassword: mustChangePassword, now: now)
  }

  // MARK: - Refresh

  /// Spends a refresh token for a new pair. A token used twice ends its whole session: one of
  /// the two users is a thief, and the server cannot tell which.
  package func refresh(_ body: RefreshRequest) throws -> SessionTokens {
    let now = environment.now()
    let hash = Self.hash(body.refreshToken)
    let newToken = environment.secret(bytes: 32)
    enum Outcome { case renewed(User, String, mustChangePassword: Bool), replayed, invalid(ProblemMessage) }
    let outcome = try environment.database.write { connection -> Outcome in
      let sessions = SessionStore(connection)
      guard let stored = try sessions.token(hash: hash), stored.kind == "refresh" else {
        return .invalid(.refreshTokenUnknown)
      }
      guard stored.sessionRevokedAt == nil else {
        return .invalid(.sessionEnded)
      }
      guard stored.spentAt == nil else {
        try sessions.revokeSession(id: stored.sessionID, at: now.milliseconds)
        return .replayed
      }
      guard now.milliseconds - stored.issuedAt < Int64(environment.refreshTokenLifetime * 1000) else {
        return .invalid(.sessionExpired)
      }
      guard let employee = try PeopleStore(connection).employee(id: stored.employeeID), employee.isActive else {
        try sessions.revokeSession(id: stored.sessionID, at: now.milliseconds)
        return .invalid(.accountInactive)
      }
      guard try sessions.spendToken(hash: hash, at: now.milliseconds) else { return .replayed }
      try sessions.insertToken(hash: Self.hash(newToken), sessionID: stored.sessionID, at: now.milliseconds)
      let mustChange = try AccountStore(connection).account(employeeID: employee.id)?.mustChangePassword ?? false
      return .renewed(
        try users.user(for: employee, connection: connection), stored.sessionID, mustChangePassword: mustChange)
    }
    switch outcome {
    case .renewed(let user, let sessionID, let mustChange):
      return tokens(for: user, sessionID: sessionID, refreshToken: newToken, mustChangePassword: mustChange, now: now)
    case .replayed:
      throw Problem.unauthorized(.refreshTokenReused)
    case .invalid(let detail):
      throw Problem.unauthorized(detail)
    }
  }

  // MARK: - Sign-out

  /// Ends the session of `refreshToken` (when it is the caller's), or with `everywhere`
  /// every session and every access token of the caller at once, and their push devices.
  package func logout(_ principal: Principal, refreshToken: String?, everywhere: Bool) throws {
    let now = environment.now()
    if everywhere {
      try environment.database.write { connection in
        try AccountStore(connection).setValidAfter(employeeID: principal.employee.id, instant: now.milliseconds)
        try SessionStore(connection).revokeAllSessions(employeeID: principal.employee.id, at: now.milliseconds)
        try SettingsStore(connection).deleteDevices(employeeID: principal.employee.id)
      }
      return
    }
    guard let refreshToken, !refreshToken.isEmpty else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "refreshToken", rule: .required)]))
    }
    try environment.database.write { connection in
      let sessions = SessionStore(connection)
      // Another person's token is ignored, not revoked: a caller ends only their own sessions.
      if let stored = try sessions.token(hash: Self.hash(refreshToken)), stored.employeeID == principal.employee.id {
        try sessions.revokeSession(id: stored.sessionID, at: now.milliseconds)
      }
    }
  }

  // MARK: - Checking requests

  /// The caller of a request carrying `Authorization: Bearer <access token>`.
  package func authenticate(authorization: String?) throws -> Principal {
    // Its length in bytes: counting Characters walked the whole token (6,000 instructions).
    guard let authorization, authorization.utf8.count > 7,
      authorization.prefix(7).lowercased() == "bearer "
    else {
      throw Problem.unauthorized(.signInFirst)
    }
    let token = String(authorization.dropFirst(7)).trimmingWhitespace
    let claims: AccessClaims
    do {
      claims = try verifiedClaims(token)
    } catch .expired {
      throw Problem.unauthorized(.accessTokenExpired)
    } catch {
      throw Problem.unauthorized(.accessTokenInvalid)
    }
    // Ending one session (a sign-out, a replayed refresh token) voids its access tokens at
    // once, not when they expire. What this instance kept of the caller is read again after
    // any change, here or announced by another instance, and within a second in any case.
    let caller = try caller(employeeID: claims.sub, sessionID: claims.sid)
    let employee = caller?.employee
    let sessionEnded = caller?.sessionEnded ?? false
    let validAfter = caller?.validAfter ?? 0
    // Strictly after: a token issued in the very millisecond of a revocation is void too.
    guard let employee, employee.isActive, !sessionEnded, Int64((claims.iat * 1000).rounded(.down)) > validAfter
    else {
      throw Problem.unauthorized(.sessionEnded)
    }
    return Principal(
      employee: employee, sessionID: claims.sid, mustChangePassword: claims.pwc == true,
      expiresAt: Date(timeIntervalSince1970: TimeInterval(claims.exp)))
  }

  // MARK: - Private

  private func caller(employeeID: String, sessionID: String) throws -> InstanceMemory.Caller? {
    let read = {
      try self.environment.database.read {
        try SessionStore($0).caller(employeeID: employeeID, sessionID: sessionID).map {
          InstanceMemory.Caller(employee: $0.employee, sessionEnded: $0.sessionEnded, validAfter: $0.validAfter)
        }
      }
    }
    return try environment.recall(\.callers, .init(employeeID: employeeID, sessionID: sessionID), read: read)
  }

  /// Clients send the same access token for up to 15 minutes, so its checked claims are kept
  /// (a bounded set, emptied when full) and only the expiry is looked at again.
  private func verifiedClaims(_ token: String) throws(TokenSigner.Failure) -> AccessClaims {
    let now = environment.now()
    if let claims = verifiedTokens.withLock({ $0[token] }) {
      guard Double(claims.exp) > now.timeIntervalSince1970 else { throw .expired }
      return claims
    }
    let claims = try signer.verify(token, now: now)
    verifiedTokens.withLock { cache in
      if cache.count >= Self.verifiedTokenLimit { cache.removeAll(keepingCapacity: true) }
      cache[token] = claims
    }
    return claims
  }

  private static let verifiedTokenLimit = 10_000

  private func tokens(
    for user: User, sessionID: String, refreshToken: String, mustChangePassword: Bool, now: Date
  )
    -> SessionTokens
  {
    let lifetime = Int(environment.accessTokenLifetime)
    let claims = AccessClaims(
      sub: user.id, sid: sessionID, iat: Double(now.milliseconds) / 1000,
      exp: Int(now.timeIntervalSince1970) + lifetime, pwc: mustChangePassword ? true : nil)
    return SessionTokens(
      accessToken: signer.sign(claims), refreshToken: refreshToken, expiresIn: lifetime, user: user,
      mustChangePassword: mustChangePassword)
  }

  /// Checks a password against an employee's hash (slow: argon2id), counting failures toward
  /// the sign-in rate limit.
  package func verifyPassword(_ password: String, of employee: Employee, address: String) throws -> Bool {
    let now = environment.now()
    if let wait = try limiter.retryAfter(username: employee.username, address: address, now: now) {
      throw Problem.tooManyAttempts(retryAfter: wait)
    }
    let hash = try environment.database.read { try AccountStore($0).account(employeeID: employee.id)?.passwordHash }
    let matches = environment.passwordHasher.verify(password, against: hash ?? decoyHash) && hash != nil
    if !matches { try limiter.recordFailure(username: employee.username, address: address, now: now) }
    return matches
  }

  package static func hash(_ token: String) -> String {
    Crypto.hex(Crypto.sha256(Array(token.utf8)))
  }
}

extension Problem {
  /// 429 with the seconds to wait, which the handler also sends as `Retry-After`.
  package static func tooManyAttempts(retryAfter: Int) -> Problem {
    var problem = Problem(status: 429, .tooManyAttempts(seconds: retryAfter), type: "/problems/rate-limited")
    problem.retryAfter = retryAfter
    return problem
  }
}
