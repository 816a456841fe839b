import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite struct PeopleImportTests {
  let app: TestApp
  let ana: SessionTokens

  init() throws {
    app = try TestApp()
    ana = try app.login("ana")
  }

  func upload(_ csv: String, dryRun: Bool, token: String? = nil, type: String = "text/csv") -> HTTPResponse {
    var request = HTTPRequest(method: "POST", target: Route.people(.importStaff(dryRun: dryRun)).pathAndQuery)
    request.headers.add("Content-Type", type)
    request.headers.add("Authorization", "Bearer \(token ?? ana.accessToken)")
    request.body = Array(csv.utf8)
    return app.app.respondNow(to: request)
  }

  let staff = """
    Username;First name;Last name;Email;Department;Location;Manager;Position;Start date
    josé.núñez;José;Núñez;jose.nunez@atrium-demo.example;engineering;MADRID;mario;Backend Developer;2026-02-01
    irene.lopez;Irene;López;irene.lopez@atrium-demo.example;Engineering;Madrid;jose.nunez@atrium-demo.example;Intern;
    eva;;;;;;;Senior iOS Developer;
    """

  @Test func aDryRunReportsEachLineAndChangesNothing() throws {
    let before = try app.database.read { try PeopleStore($0).count() }
    let response = upload(staff, dryRun: true)
    #expect(response.status == 200, "\(response.text)")
    let report = try JSONText.decode(ImportReport.self, from: response)
    #expect(report.lines.map(\.action) == ["create", "create", "update"])
    #expect(report.lines.map(\.line) == [2, 3, 4])
    #expect(!report.applied)
    #expect(try app.database.read { try PeopleStore($0).count() } == before)
  }

  @Test func excelsEmptyRowsAreSkipped() throws {
    let fromExcel = staff.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n;;;;;;;;\r\n;;;;;;;;\r\n"
    let response = upload(fromExcel, dryRun: false)
    #expect(response.status == 200, "\(response.text)")
    let report = try JSONText.decode(ImportReport.self, from: response)
    #expect(report.applied)
    #expect(report.lines.map(\.action) == ["create", "create", "update"])
  }

  @Test func theRealRunSavesEveryoneWithTheirManagers() throws {
    let report = try JSONText.decode(ImportReport.self, from: upload(staff, dryRun: false))
    #expect(report.applied)
    #expect((report.created, report.updated) == (2, 1))
    let eva = try app.login("eva")
    let directory = try JSONText.decode(
      Page<PersonSummary>.self, from: app.send(.people(.directory(PeopleQuery(text: "irene"))), token: eva.accessToken))
    let irene = try #require(directory.items.first)
    let profile = try JSONText.decode(
      PersonProfile.self, from: app.send(.people(.profile(id: irene.id)), token: eva.accessToken))
    #expect(profile.manager?.displayName == "José Núñez", "a manager from the same file, by email")
    #expect(profile.department.name == "Engineering")
    #expect(
      try JSONText.decode(
        PersonProfile.self, from: app.send(.people(.profile(id: eva.user.id)), token: eva.accessToken)
      ).position
        == "Senior iOS Developer")
    // Imported people have no password until a reset (or the company directory).
    let account = try app.database.read { try AccountStore($0).account(employeeID: irene.id) }
    #expect(account != nil && account?.passwordHash == nil)
    let log = try JSONText.decode(
      Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana.accessToken))
    #expect(log.items.first?.action == "people.import")
  }

  @Test func oneBadLineStopsTheWholeImport() throws {
    let csv = """
      username,email,firstName,lastName,department,location,manager,role
      ok.person,ok@atrium-demo.example,Ok,Person,Sales,Valladolid,,employee
      bad person,,,,Nowhere,Madrid,ghost,boss
      mario,,,,,,eva,
      """
    let response = upload(csv, dryRun: false)
    #expect(response.status == 422)
    let fields = Set(response.problem?.errors?.map(\.field) ?? [])
    #expect(fields.contains("line 3 username"))
    #expect(fields.contains("line 3 department"))
    #expect(fields.contains("line 3 role"))
    #expect(fields.contains("line 4 manager"), "eva reports to mario: a loop")
    let eva = try app.login("eva")
    let found = try JSONText.decode(
      Page<PersonSummary>.self,
      from: app.send(.people(.directory(PeopleQuery(text: "ok person"))), token: eva.accessToken))
    #expect(found.items.isEmpty, "the good line was not saved either")
  }

  @Test func theFileItselfIsChecked() throws {
    #expect(upload("username,shoe size\nx,42", dryRun: true).status == 400)
    #expect(upload("email\nx@example.com", dryRun: true).status == 400)
    #expect(upload("username\n\"open", dryRun: true).problem?.detail?.contains("line 2") == true)
    #expect(upload("username\nx", dryRun: true, type: "application/json").status == 415)
    #expect(upload(staff, dryRun: true, token: try app.login("mario").accessToken).status == 403)
  }
}

@Suite struct PeopleImportCommandTests {
  @Test func theCommandImportsAsANamedAdmin() throws {
    let app = try TestApp()
    let csv =
      "username,email,firstName,lastName,department,location\nnew.person,new@atrium-demo.example,New,Person,Sales,Valladolid\n"
    let dry = try PeopleImportCommand.run(
      csv: csv, database: app.database, signingKey: Array(repeating: 7, count: 32), adminUsername: "ana", dryRun: true)
    #expect(dry.contains("line 2\tcreate\tnew.person"))
    #expect(dry.hasSuffix("Dry run: 1 to create, 0 to update, 0 unchanged, 0 refused."))
    let real = try PeopleImportCommand.run(
      csv: csv, database: app.database, signingKey: Array(repeating: 7, count: 32), adminUsername: "ANA", dryRun: false)
    #expect(real.hasSuffix("Imported: 1 to create, 0 to update, 0 unchanged, 0 refused."))
    #expect(throws: PeopleImportCommand.Failure.self) {
      try PeopleImportCommand.run(
        csv: csv, database: app.database, signingKey: Array(repeating: 7, count: 32), adminUsername: "eva",
        dryRun: true)
    }
  }
}
