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

/// Admins set the directory up through the API; the password is written, never read back.
@Suite(.serialized, .checksBalanceRows) struct DirectorySettingsTests {
  let slapd: Slapd
  let app: TestApp
  let ana: String

  init() throws {
    slapd = try Slapd(ldif: DirectoryFixture.ldif())
    app = try TestApp()
    ana = try app.login("ana").accessToken
  }

  var settings: DirectorySettings {
    DirectorySettings(
      urls: [slapd.url], timeoutSeconds: 3, searchBase: DirectoryFixture.people, userFilter: "(uid={username})",
      bindDN: DirectoryFixture.serviceDN, bindPassword: DirectoryFixture.password,
      adminGroup: DirectoryFixture.adminGroup, activeFilter: DirectoryFixture.activeFilter, syncIntervalSeconds: 0,
      attributes: ["department": "departmentNumber"])
  }

  func carmenSignsIn(_ app: TestApp) -> Int {
    app.send("POST", "/api/v1/auth/login", json: #"{"username":"carmen","password":"directory-pass"}"#).status
  }

  @Test func anAdminSetsUpTheDirectoryAndItAppliesAtOnce() throws {
    let before = try JSONText.decode(DirectoryStatus.self, from: app.send(.directory(.show), token: ana))
    #expect(!before.configured)
    #expect(carmenSignsIn(app) == 401)

    let saved = app.send(.directory(.update), json: JSONText.encode(settings), token: ana)
    #expect(saved.status == 200, "\(saved.text)")
    #expect(!saved.text.contains(DirectoryFixture.password))
    let status = try JSONText.decode(DirectoryStatus.self, from: saved)
    #expect(status.source == "admin" && status.lookup == "search" && status.bindDN == DirectoryFixture.serviceDN)
    #expect(carmenSignsIn(app) == 200)

    // Left out, the password stays; the audit log says it is set without saying it.
    var renamed = settings
    renamed.bindPassword = nil
    renamed.timeoutSeconds = 4
    #expect(app.send(.directory(.update), json: JSONText.encode(renamed), token: ana).status == 200)
    #expect(carmenSignsIn(app) == 200)
    let audit = app.send(.company(.audit(.first)), token: ana)
    #expect(audit.text.contains("directory.update"))
    #expect(!audit.text.contains(DirectoryFixture.password))

    // The saved settings survive a restart.
    let restarted = try AtriumApp(environment: app.environment)
    let login = restarted.respondNow(
      to: HTTPRequest(
        method: "POST", target: "/api/v1/auth/login", headers: HTTPHeaders([("Content-Type", "application/json")]),
        body: Array(#"{"username":"carmen","password":"directory-pass"}"#.utf8), remoteAddress: "127.0.0.1"))
    #expect(login.status == 200)

    #expect(app.send(.directory(.reset), token: ana).status == 204)
    #expect(carmenSignsIn(app) == 401)
    #expect(try !JSONText.decode(DirectoryStatus.self, from: app.send(.directory(.show), token: ana)).configured)
  }

  @Test func badSettingsAreRefusedAndChangeNothing() throws {
    #expect(app.send(.directory(.update), json: JSONText.encode(settings), token: ana).status == 200)
    let cases: [(DirectorySettings, String)] = [
      (DirectorySettings(urls: ["ftp://x"], userDNTemplate: "uid={username},o=x"), "urls"),
      (DirectorySettings(urls: [slapd.url]), "userDNTemplate"),
      (DirectorySettings(urls: [slapd.url], userDNTemplate: "uid=fixed,o=x"), "userDNTemplate"),
      (DirectorySettings(urls: [slapd.url], searchBase: "o=x", userFilter: "uid={username}"), "userFilter"),
      (DirectorySettings(urls: [slapd.url], userDNTemplate: "uid={username},o=x", bindDN: "cn=x"), "bindPassword"),
      (
        DirectorySettings(urls: [slapd.url], userDNTemplate: "uid={username},o=x", syncIntervalSeconds: 5),
        "syncIntervalSeconds"
      ),
      (
        DirectorySettings(urls: [slapd.url], userDNTemplate: "uid={username},o=x", attributes: ["shoe": "x"]),
        "attributes"
      ),
    ]
    for (bad, field) in cases {
      let refused = app.send(.directory(.update), json: JSONText.encode(bad), token: ana)
      #expect(refused.status == 400, "\(field)")
      #expect(refused.problem?.errors?.contains { $0.field == field } == true, "\(field): \(refused.text)")
    }
    #expect(carmenSignsIn(app) == 200, "the saved settings are untouched")
    let eva = try app.login("eva").accessToken
    #expect(app.send(.directory(.update), json: JSONText.encode(settings), token: eva).status == 403)
    #expect(app.send(.directory(.reset), token: eva).status == 403)
  }

  @Test func environmentSettingsAreReadAndCheckedAtStartUp() throws {
    let configuration = try #require(
      try DirectoryConfiguration.from(environment: [
        "ATRIUM_LDAP_URL": "\(slapd.url) ldap://127.0.0.1:1",
        "ATRIUM_LDAP_USER_DN_TEMPLATE": "uid={username},\(DirectoryFixture.people)",
        "ATRIUM_LDAP_SYNC_INTERVAL": "0", "ATRIUM_LDAP_ATTR_DEPARTMENT": "ou",
      ]))
    #expect(configuration.connection.urls.count == 2)
    #expect(configuration.syncInterval == nil)
    #expect(configuration.attributes.department == "ou")
    #expect(configuration.peopleBase == DirectoryFixture.people)
    #expect(try DirectoryConfiguration.from(environment: [:]) == nil)
    #expect(throws: DirectoryConfiguration.Invalid.self) {
      try DirectoryConfiguration.from(environment: ["ATRIUM_LDAP_URL": "http://x", "ATRIUM_LDAP_SEARCH_BASE": "o=x"])
    }
    #expect(throws: DirectoryConfiguration.Invalid.self) {
      try DirectoryConfiguration.from(environment: ["ATRIUM_LDAP_URL": "ldap://x"])
    }
    #expect(throws: DirectoryConfiguration.Invalid.self) {
      try DirectoryConfiguration.from(environment: [
        "ATRIUM_LDAP_URL": "ldap://x", "ATRIUM_LDAP_USER_DN_TEMPLATE": "uid={username}", "ATRIUM_LDAP_TIMEOUT": "soon",
      ])
    }
  }
}
