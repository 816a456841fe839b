import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct AuthTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  // MARK: Sign-in

  @Test func rightPasswordSignsInWithTheUserObject() throws {
    let response = app.send("POST", "/api/v1/auth/login", json: #"{"username": "Eva", "password": "atrium-demo"}"#)
    #expect(response.status == 200)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    #expect(
      Set(object.keys) == ["accessToken", "refreshToken", "expiresIn", "tokenType", "user", "mustChangePassword"])
    #expect(object["mustChangePassword"] as? Bool == false)
    #expect(object["expiresIn"] as? Int == 900)
    let user = try #require(object["user"] as? [String: Any])
    #expect(
      Set(user.keys) == [
        "id", "username", "email", "firstName", "lastName", "displayName", "position", "department", "location",
        "managerId", "role", "photoURL", "permissions",
      ])
    let tokens = try JSONText.decode(SessionTokens.self, from: response)
    #expect(tokens.user.username == "eva")
    #expect(tokens.user.displayName == "Eva Fernández")
    #expect(tokens.user.role == .employee)
    #expect(tokens.user.department.name == "Engineering")
    #expect(tokens.user.location.name == "Madrid")
    #expect(tokens.user.photoURL == "/api/v1/people/\(tokens.user.id)/photo?size=96")
  }

  @Test func wrongPasswordAndUnknownUserGetTheSameAnswer() throws {
    let wrong = app.send("POST", "/api/v1/auth/login", json: #"{"username": "eva", "password": "nope-nope"}"#)
    let unknown = app.send("POST", "/api/v1/auth/login", json: #"{"username": "nobody", "password": "nope-nope"}"#)
    #expect(wrong.status == 401)
    #expect(unknown.status == 401)
    #expect(wrong.problem?.detail == unknown.problem?.detail)
    #expect(wrong.problem?.detail == "Wrong username or password.")
  }

  @Test func emptyPasswordIsRefusedAsInput() throws {
    let response = app.send("POST", "/api/v1/auth/login", json: #"{"username": "eva", "password": ""}"#)
    #expect(response.status == 400)
    #expect(response.problem?.errors?.map(\.field) == ["password"])
  }

  @Test func deactivatedPeopleAreShutOutAtOnce() throws {
    let tokens = try app.login("eva")
    try app.database.write { try $0.execute("UPDATE employees SET active = 0 WHERE username = 'eva'") }
    #expect(app.send(.me(.show), token: tokens.accessToken).status == 401)
    #expect(
      app.send(.auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: tokens.refreshToken))).status == 401)
    #expect(throws: UnexpectedResponse.self) { try app.login("eva") }
  }

  @Test func whatAnAdminChangesAboutACallerAppliesToTheirNextRequest() throws {
    // The instance keeps who eva is for a moment after each request: a change it makes is
    // seen at once all the same.
    let eva = try app.login("eva")
    let ana = try app.login("ana").accessToken
    #expect(app.send(.approvals(.list(status: .pending, page: PageRequest())), token: eva.accessToken).status == 403)
    let promoted = app.send(.people(.update(id: eva.user.id)), json: #"{"role": "manager"}"#, token: ana)
    #expect(promoted.status == 200, "\(promoted.text)")
    #expect(app.send(.approvals(.list(status: .pending, page: PageRequest())), token: eva.accessToken).status == 200)
    let deactivated = app.send(.people(.update(id: eva.user.id)), json: #"{"active": false}"#, token: ana)
    #expect(deactivated.status == 200, "\(deactivated.text)")
    #expect(app.send(.me(.show), token: eva.accessToken).status == 401)
  }

  // MARK: Access tokens

  @Test func meNeedsAValidToken() throws {
    let tokens = try app.login("eva")
    let me = app.send(.me(.show), token: tokens.accessToken)
    #expect(me.status == 200)
    #expect(try JSONText.decode(User.self, from: me) == tokens.user)

    #expect(app.send(.me(.show)).status == 401)
    #expect(app.send(.me(.show), token: "not-a-token").status == 401)
  }

  @Test func a401SaysHowToAuthenticate() throws {
    let anonymous = app.send(.me(.show))
    #expect(anonymous.status == 401)
    #expect(anonymous.headers["WWW-Authenticate"] == #"Bearer realm="atrium""#)
    let refused = app.send(.me(.show), token: "not-a-token")
    #expect(refused.status == 401)
    #expect(refused.headers["WWW-Authenticate"]?.hasPrefix(#"Bearer realm="atrium", error="invalid_token""#) == true)
    // Also where the query is checked after authentication, and on the event stream.
    let badQuery = app.send("GET", "/api/v1/locations?limit=0")
    #expect(badQuery.status == 401)
    #expect(badQuery.headers["WWW-Authenticate"] == #"Bearer realm="atrium""#)
    #expect(app.send(.events(.stream)).headers["WWW-Authenticate"] == #"Bearer realm="atrium""#)
    let signedIn = app.send(.me(.show), token: try app.login("eva").accessToken)
    #expect(signedIn.status == 200)
    #expect(signedIn.headers["WWW-Authenticate"] == nil)
  }

  @Test func tamperedTokenIsRefused() throws {
    let tokens = try app.login("eva")
    let mario = try app.login("mario")
    // Eva's signature on a payload claiming to be Mario.
    let evaParts = tokens.accessToken.split(separator: ".")
    let marioParts = mario.accessToken.split(separator: ".")
    let forged = "\(evaParts[0]).\(marioParts[1]).\(evaParts[2])"
    #expect(app.send(.me(.show), token: forged).status == 401)
    // A token that names no algorithm it may use.
    let unsigned = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.\(marioParts[1])."
    #expect(app.send(.me(.show), token: unsigned).status == 401)
  }

  @Test func expiredTokenIsRefused() throws {
    let tokens = try app.login("eva")
    app.clock.advance(by: 14 * 60)
    #expect(app.send(.me(.show), token: tokens.accessToken).status == 200)
    app.clock.advance(by: 2 * 60)
    let response = app.send(.me(.show), token: tokens.accessToken)
    #expect(response.status == 401)
    #expect(response.problem?.detail?.contains("expired") == true)
  }

  // MARK: Refresh

  @Test func refreshRotatesTheRefreshToken() throws {
    let first = try app.login("eva")
    app.clock.advance(by: 20 * 60)
    let second = try refresh(first.refreshToken)
    #expect(second.status == 200)
    let renewed = try JSONText.decode(SessionTokens.self, from: second)
    #expect(renewed.refreshToken != first.refreshToken)
    #expect(app.send(.me(.show), token: renewed.accessToken).status == 200)
    let third = try refresh(renewed.refreshToken)
    #expect(third.status == 200)
  }

  @Test func reusingASpentRefreshTokenEndsTheWholeChain() throws {
    let first = try app.login("eva")
    let renewed = try JSONText.decode(SessionTokens.self, from: try refresh(first.refreshToken))
    let replay = try refresh(first.refreshToken)
    #expect(replay.status == 401)
    #expect(replay.problem?.detail?.contains("already used") == true)
    // The thief's or the owner's newer token: both are dead now.
    #expect(try refresh(renewed.refreshToken).status == 401)
  }

  @Test func aReplayedRefreshTokenVoidsTheSessionsAccessTokensAtOnce() throws {
    let first = try app.login("eva")
    let other = try app.login("eva")
    let renewed = try JSONText.decode(SessionTokens.self, from: try refresh(first.refreshToken))
    #expect(try refresh(first.refreshToken).status == 401)
    // Neither the access token issued at sign-in nor the renewed one works any more...
    #expect(app.send(.me(.show), token: first.accessToken).status == 401)
    #expect(app.send(.me(.show), token: renewed.accessToken).status == 401)
    // ...while the same person's other session goes on.
    #expect(app.send(.me(.show), token: other.accessToken).status == 200)
  }

  @Test func refreshTokenExpiresAfterAMonthUnused() throws {
    let tokens = try app.login("eva")
    app.clock.advance(by: 29 * 24 * 3600)
    let renewed = try JSONText.decode(SessionTokens.self, from: try refresh(tokens.refreshToken))
    app.clock.advance(by: 30 * 24 * 3600 + 1)
    #expect(try refresh(renewed.refreshToken).status == 401)
  }

  @Test func unknownRefreshTokenIsRefused() throws {
    #expect(try refresh("made-up").status == 401)
  }

  // MARK: Sign-out

  @Test func logoutEndsThatSessionOnly() throws {
    let phone = try app.login("eva")
    let laptop = try app.login("eva")
    let response = app.send(
      .auth(.logout(everywhere: false)), json: JSONText.encode(LogoutRequest(refreshToken: phone.refreshToken)),
      token: phone.accessToken)
    #expect(response.status == 204)
    #expect(try refresh(phone.refreshToken).status == 401)
    #expect(app.send(.me(.show), token: phone.accessToken).status == 401, "the session's access token ends with it")
    #expect(try refresh(laptop.refreshToken).status == 200)
    #expect(app.send(.me(.show), token: laptop.accessToken).status == 200)
  }

  @Test func logoutCannotEndSomeoneElsesSession() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let response = app.send(
      .auth(.logout(everywhere: false)), json: JSONText.encode(LogoutRequest(refreshToken: mario.refreshToken)),
      token: eva.accessToken)
    #expect(response.status == 204)
    #expect(try refresh(mario.refreshToken).status == 200)
  }

  @Test func logoutEverywhereVoidsLiveAccessTokensAtOnce() throws {
    let phone = try app.login("eva")
    let laptop = try app.login("eva")
    let other = try app.login("mario")
    app.clock.advance(by: 1)
    let response = app.send(.auth(.logout(everywhere: true)), token: laptop.accessToken)
    #expect(response.status == 204)
    #expect(app.send(.me(.show), token: phone.accessToken).status == 401)
    #expect(app.send(.me(.show), token: laptop.accessToken).status == 401)
    #expect(try refresh(phone.refreshToken).status == 401)
    #expect(app.send(.me(.show), token: other.accessToken).status == 200)
    // Signing in again afterwards works.
    app.clock.advance(by: 1)
    let again = try app.login("eva")
    #expect(app.send(.me(.show), token: again.accessToken).status == 200)
  }

  // MARK: Rate limits

  @Test func failedSignInsAreLimitedPerUsernameAndAddress() throws {
    for _ in 0..<10 {
      #expect(attempt("ana", "wrong-password", from: "10.0.0.1").status == 401)
    }
    let limited = attempt("ana", "atrium-demo", from: "10.0.0.1")
    #expect(limited.status == 429)
    let retryAfter = try #require(limited.headers["Retry-After"].flatMap(Int.init))
    #expect((1...300).contains(retryAfter))
    #expect(limited.problem?.retryAfter == retryAfter)
    // The attacker's address does not lock the admin out from her own.
    #expect(attempt("ana", "atrium-demo", from: "10.0.0.2").status == 200)
    // After the window, the first address may try again.
    app.clock.advance(by: 301)
    #expect(attempt("ana", "atrium-demo", from: "10.0.0.1").status == 200)
  }

  @Test func failedSignInsAreLimitedPerAddress() throws {
    for index in 0..<50 {
      #expect(attempt("user\(index)", "wrong-password", from: "10.0.0.9").status == 401)
    }
    #expect(attempt("eva", "atrium-demo", from: "10.0.0.9").status == 429)
    #expect(attempt("eva", "atrium-demo", from: "10.0.0.10").status == 200)
  }

  // MARK: Helpers

  private func refresh(_ token: String) throws -> HTTPResponse {
    app.send(.auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: token)))
  }

  private func attempt(_ username: String, _ password: String, from address: String) -> HTTPResponse {
    app.send(
      "POST", "/api/v1/auth/login", json: JSONText.encode(LoginRequest(username: username, password: password)),
      address: address)
  }
}
