import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLDAP
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// Sign-in with the company directory and the people sync, against a real slapd.
@Suite(.serialized, .checksBalanceRows) struct DirectoryTests {
  let slapd: Slapd
  let app: TestApp

  static func searchMode(_ slapd: Slapd, timeout: Int = 3) -> DirectoryConfiguration {
    DirectoryConfiguration(
      connection: .init(urls: [slapd.url], timeout: timeout),
      lookup: .search(base: DirectoryFixture.people, filter: "(&(objectClass=inetOrgPerson)(uid={username}))"),
      bindDN: DirectoryFixture.serviceDN, bindPassword: DirectoryFixture.password,
      adminGroup: DirectoryFixture.adminGroup, managerGroup: DirectoryFixture.managerGroup,
      activeFilter: DirectoryFixture.activeFilter)
  }

  init() throws {
    slapd = try Slapd(
      ldif: DirectoryFixture.ldif(photo: Picture.halves(width: 300, height: 200, format: .jpeg)),
      pagedTotalFor: DirectoryFixture.serviceDN)
    let configuration = Self.searchMode(slapd)
    app = try TestApp(loginLimits: .init(perUsernameAndAddress: 3), configure: { $0.directory = configuration })
  }

  func signIn(_ username: String, _ password: String = DirectoryFixture.password) -> HTTPResponse {
    app.send(
      "POST", "/api/v1/auth/login", json: JSONText.encode(LoginRequest(username: username, password: password)))
  }

  func profile(_ token: String, _ id: String) throws -> PersonProfile {
    try JSONText.decode(PersonProfile.self, from: app.send(.people(.profile(id: id)), token: token))
  }

  @Test func aFirstSignInCreatesTheEmployeeFromTheEntry() throws {
    let response = signIn("carmen")
    #expect(response.status == 200, "\(response.text)")
    let tokens = try JSONText.decode(SessionTokens.self, from: response)
    #expect(tokens.user.username == "carmen")
    #expect(tokens.user.role == .employee)
    let carmen = try profile(tokens.accessToken, tokens.user.id)
    #expect(carmen.firstName == "Carmen" && carmen.lastName == "Ortiz")
    #expect(carmen.position == "Backend Developer")
    #expect(carmen.email == "carmen@example.com")
    #expect(carmen.phone == "+34 600 000 003")
    #expect(carmen.department.name == "Engineering", "the demo's department, matched by name")
    #expect(carmen.location.name == "Valladolid")

    // Groups give roles; a manager already in Atrium is linked (the sync links everyone); the
    // directory's photo is used.
    let bea = try JSONText.decode(SessionTokens.self, from: signIn("bea"))
    #expect(bea.user.role == .admin)
    let alberto = try JSONText.decode(SessionTokens.self, from: signIn("alberto"))
    #expect(alberto.user.role == .manager)
    #expect(bea.user.photoURL.contains("v="))
    #expect(try profile(bea.accessToken, alberto.user.id).manager?.id == bea.user.id)
    #expect(try profile(bea.accessToken, bea.user.id).department.name == "Management", "created when missing")

    // Signing in again updates, never duplicates.
    let again = try JSONText.decode(SessionTokens.self, from: signIn("carmen"))
    #expect(again.user.id == tokens.user.id)
  }

  @Test func wrongPasswordsUnknownUsersAndInjectionsGetTheSame401() throws {
    let local = app.send("POST", "/api/v1/auth/login", json: #"{"username":"eva","password":"wrong"}"#)
    for (username, password) in [
      ("carmen", "wrong"), ("nobody", DirectoryFixture.password), ("*", DirectoryFixture.password),
      ("*)(uid=*", DirectoryFixture.password), ("carmen)(|(uid=*", DirectoryFixture.password),
      ("dario", DirectoryFixture.password),
    ] {
      let response = signIn(username, password)
      #expect(response.status == 401, "\(username)")
      #expect(response.problem?.detail == local.problem?.detail, "\(username)")
    }
    // An empty password is refused before anything reaches the directory.
    #expect(signIn("carmen", "").status == 400)
    // Failures count toward the rate limit (3 per username and address here).
    _ = signIn("alberto", "wrong")
    _ = signIn("alberto", "wrong")
    _ = signIn("alberto", "wrong")
    let limited = signIn("alberto")
    #expect(limited.status == 429)
  }

  @Test func theBindTemplateModeSignsInToo() throws {
    var configuration = Self.searchMode(slapd)
    configuration.lookup = .template("uid={username},\(DirectoryFixture.people)")
    configuration.bindDN = nil
    configuration.bindPassword = nil
    let app = try TestApp(configure: { $0.directory = configuration })
    let ok = app.send("POST", "/api/v1/auth/login", json: #"{"username":"carmen","password":"directory-pass"}"#)
    #expect(ok.status == 200, "\(ok.text)")
    for attack in ["*)(uid=*", "carmen,ou=people", "x\\", "a=b+c"] {
      let refused = app.send(
        "POST", "/api/v1/auth/login",
        json: JSONText.encode(LoginRequest(username: attack, password: DirectoryFixture.password)))
      #expect(refused.status == 401, "\(attack)")
    }
  }

  @Test func aDirectoryOutageIs503WhileLocalAccountsStillSignIn() throws {
    slapd.stop()
    let down = signIn("carmen")
    #expect(down.status == 503)
    #expect(down.problem?.title == "Directory unavailable")
    let ana = app.send("POST", "/api/v1/auth/login", json: #"{"username":"ana","password":"atrium-demo"}"#)
    #expect(ana.status == 200, "the break-glass admin signs in without the directory")
    try slapd.start()
    #expect(signIn("carmen").status == 200)
  }

  @Test func aLocalAccountIsNeverTakenOverByADirectoryEntry() throws {
    // "eva" has a local password in the demo; a directory entry with her name changes nothing.
    try slapd.modify(
      """
      dn: \(DirectoryFixture.dn("eva"))
      changetype: add
      objectClass: inetOrgPerson
      uid: eva
      cn: Eve Impostor
      sn: Impostor
      userPassword: \(DirectoryFixture.password)

      """)
    #expect(signIn("eva").status == 401)
    #expect(app.send("POST", "/api/v1/auth/login", json: #"{"username":"eva","password":"atrium-demo"}"#).status == 200)
  }

  @Test func syncCreatesUpdatesAndDeactivatesAndIsIdempotent() throws {
    let ana = try app.login("ana").accessToken
    let first = app.send(.directory(.sync), token: ana)
    #expect(first.status == 200, "\(first.text)")
    let report = try JSONText.decode(DirectorySyncReport.self, from: first)
    #expect(report.error == nil)
    #expect(report.created == 3, "bea, alberto and carmen; dario is disabled")
    #expect(report.deactivated == 0)
    let again = try JSONText.decode(DirectorySyncReport.self, from: app.send(.directory(.sync), token: ana))
    #expect(again.created == 0 && again.updated == 0 && again.unchanged == 3)

    let carmen = try JSONText.decode(SessionTokens.self, from: signIn("carmen"))
    let alberto = try JSONText.decode(SessionTokens.self, from: signIn("alberto"))
    #expect(try profile(ana, carmen.user.id).manager?.id == alberto.user.id)

    try slapd.modify(
      """
      dn: \(DirectoryFixture.dn("carmen"))
      changetype: modify
      replace: title
      title: Staff Engineer

      """)
    let changed = try JSONText.decode(DirectorySyncReport.self, from: app.send(.directory(.sync), token: ana))
    #expect(changed.updated == 1 && changed.unchanged == 2)
    #expect(try profile(ana, carmen.user.id).position == "Staff Engineer")

    // Someone disabled in the directory is deactivated; their photo and role came with the sync.
    let beaID = try #require(try app.database.read { try PeopleStore($0).employee(username: "bea") }).id
    #expect(try profile(ana, beaID).photoURL.contains("v="))
    try slapd.modify(
      """
      dn: \(DirectoryFixture.dn("alberto"))
      changetype: modify
      add: employeeType
      employeeType: disabled

      """)
    let disabled = try JSONText.decode(DirectorySyncReport.self, from: app.send(.directory(.sync), token: ana))
    #expect(disabled.deactivated == 1)
    #expect(app.send(.me(.show), token: alberto.accessToken).status == 401)
    #expect(signIn("alberto").status == 401)

    // A leaver: deleted from the directory, deactivated at the next sync, their token void at once.
    #expect(app.send(.me(.show), token: carmen.accessToken).status == 200)
    try slapd.modify("dn: \(DirectoryFixture.dn("carmen"))\nchangetype: delete\n")
    let gone = try JSONText.decode(DirectorySyncReport.self, from: app.send(.directory(.sync), token: ana))
    #expect(gone.deactivated == 1)
    #expect(gone.unchanged == 1, "bea; alberto stays deactivated and is not counted again")
    #expect(app.send(.me(.show), token: carmen.accessToken).status == 401)
    #expect(
      app.send(.auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: carmen.refreshToken))).status == 401)
    #expect(signIn("carmen").status == 401)
    #expect(try profile(ana, carmen.user.id).active == false, "their history stays")
  }

  @Test func aSyncThatCannotReadEveryoneChangesNothing() throws {
    let ana = try app.login("ana").accessToken
    _ = app.send(.directory(.sync), token: ana)
    slapd.stop()
    let failed = try JSONText.decode(DirectorySyncReport.self, from: app.send(.directory(.sync), token: ana))
    #expect(failed.error?.contains("unavailable") == true)
    #expect(failed.deactivated == 0)
    try slapd.start()
    let status = try JSONText.decode(DirectoryStatus.self, from: app.send(.directory(.show), token: ana))
    #expect(status.configured)
    #expect(status.bindDN == DirectoryFixture.serviceDN)
    #expect(
      !app.send(.directory(.show), token: ana).text.contains(DirectoryFixture.password), "secrets are never shown")
    #expect(status.lastSync?.error != nil)
    let eva = try app.login("eva").accessToken
    #expect(app.send(.directory(.sync), token: eva).status == 403)
    #expect(app.send(.directory(.show), token: eva).status == 403)
  }

  /// 1,200 people behind slapd's 500-entry limit: pages get everyone. Without the paged
  /// allowance slapd refuses past 500, and the sync changes nothing rather than deactivate
  /// the people it did not see.
  @Test func aLargeDirectorySyncsCompletelyOrNotAtAll() throws {
    let large = try Slapd(ldif: DirectoryFixture.ldif(extraPeople: 1_200), pagedTotalFor: DirectoryFixture.serviceDN)
    let configuration = Self.searchMode(large, timeout: 10)
    let app = try TestApp(configure: { $0.directory = configuration })
    let report = try #require(app.app.syncDirectory())
    #expect(report.error == nil)
    #expect(report.created == 1_203)
    let capped = try Slapd(ldif: DirectoryFixture.ldif(extraPeople: 1_200))
    var cappedConfiguration = configuration
    cappedConfiguration.connection.urls = [capped.url]
    let other = try TestApp(configure: { $0.directory = cappedConfiguration })
    let refused = try #require(other.app.syncDirectory())
    #expect(refused.error?.contains("Size limit exceeded") == true)
    #expect(refused.created == 0)
  }
}

/// A directory that hangs on some binds: the sign-ins waiting on it hold workers, not the
/// server, and end with 503 at the timeout.
@Suite(.serialized, .checksBalanceRows) struct SlowDirectoryTests {
  @Test func aDirectoryUserSignsInWhileOthersBindsHang() throws {
    let slapd = try Slapd(ldif: DirectoryFixture.ldif())
    let proxy = try StallingProxy(targetPort: slapd.port)
    defer { proxy.stop() }
    var configuration = DirectoryTests.searchMode(slapd, timeout: 20)
    configuration.connection.urls = [proxy.url]
    let app = try TestApp(configure: { $0.directory = configuration })
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 2, workerCount: 4, log: .discard),
      responder: app.app)
    try server.start()
    defer { server.stop() }

    @Sendable func signIn(_ username: String) -> Int {
      let body = JSONText.encode(LoginRequest(username: username, password: DirectoryFixture.password))
      return
        (try? RawHTTPClient(port: server.port).request(
          "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"], body: Array(body.utf8)))?.status
        ?? 0
    }

    proxy.isStalling = true
    let slow = Shared<[Int]>([])
    let group = DispatchGroup()
    for username in ["alberto", "bea", "carmen"] {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let status = signIn(username)
        slow.update { $0.append(status) }
      }
    }
    #expect(waitUntil { proxy.stalledConnections == 3 })
    proxy.isStalling = false
    // The three binds still hang; the server answers, and another directory user signs in.
    #expect(try RawHTTPClient(port: server.port).request("GET", "/healthz").status == 200)
    #expect(signIn("carmen") == 200)
    #expect(proxy.stalledConnections == 3)
    #expect(slow.value.isEmpty)
    proxy.release()
    group.wait()
    #expect(slow.value == [503, 503, 503])
  }

  @Test func aHangingDirectoryAnswers503AtTheTimeout() throws {
    let slapd = try Slapd(ldif: DirectoryFixture.ldif())
    let proxy = try StallingProxy(targetPort: slapd.port)
    defer { proxy.stop() }
    proxy.isStalling = true
    var configuration = DirectoryTests.searchMode(slapd, timeout: 1)
    configuration.connection.urls = [proxy.url]
    let app = try TestApp(configure: { $0.directory = configuration })
    let response = app.send("POST", "/api/v1/auth/login", json: #"{"username":"carmen","password":"directory-pass"}"#)
    #expect(response.status == 503)
    #expect(response.problem?.detail == "The company directory is unavailable; try again in a moment.")
  }
}
