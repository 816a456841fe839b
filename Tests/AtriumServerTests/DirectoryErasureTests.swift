import AtriumAPI
import AtriumHTTPTypes
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: a directory (LDAP) person cannot delete their own account (the directory owns it),
/// but an admin can erase their data, and then neither the sync nor a sign-in brings them back
/// while the directory still lists them. Against a real slapd.
@Suite(.serialized, .checksBalanceRows) struct DirectoryErasureTests {
  let slapd: Slapd
  let app: TestApp

  init() throws {
    slapd = try Slapd(
      ldif: DirectoryFixture.ldif(photo: Picture.halves(width: 300, height: 200, format: .jpeg)),
      pagedTotalFor: DirectoryFixture.serviceDN)
    let configuration = DirectoryTests.searchMode(slapd)
    app = try TestApp(configure: { $0.directory = configuration })
  }

  func signIn(_ username: String) -> HTTPResponse {
    app.send(
      "POST", "/api/v1/auth/login",
      json: JSONText.encode(LoginRequest(username: username, password: DirectoryFixture.password)))
  }

  func sync(_ token: String) throws -> DirectorySyncReport {
    try JSONText.decode(DirectorySyncReport.self, from: app.send(.directory(.sync), token: token))
  }

  @Test func anErasedDirectoryPersonNeverComesBack() throws {
    let ana = try app.login("ana").accessToken
    #expect(try sync(ana).created == 3)
    let carmen = try JSONText.decode(SessionTokens.self, from: signIn("carmen"))
    let own = app.send(
      .me(.deleteAccount), json: #"{"email": "\#(carmen.user.email)", "password": "\#(DirectoryFixture.password)"}"#,
      token: carmen.accessToken)
    #expect(own.status == 403, "the directory owns the account")

    #expect(app.send(.people(.erase(id: carmen.user.id)), token: ana).status == 204)
    #expect(app.send(.me(.show), token: carmen.accessToken).status == 401)
    #expect(signIn("carmen").status == 401, "the directory still accepts her password; Atrium does not")
    let after = try sync(ana)
    #expect(after.created == 0 && after.unchanged == 2, "bea and alberto; carmen is not created again")
    let people = try app.database.read { try $0.query("SELECT username, active FROM employees") }
    #expect(!people.contains { $0.string("username") == "carmen" })
    #expect(
      try app.database.read { try $0.query("SELECT dn_hash FROM erased_directory_entries") }.map {
        $0.string("dn_hash")
      }
      .allSatisfy { !$0.contains("carmen") },
      "the entry is remembered by a hash, not by its name")
  }
}
