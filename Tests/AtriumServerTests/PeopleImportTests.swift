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

@Suite(.checksBalanceRows) struct PeopleImportTests {
  let app: TestApp
  let ana: SessionTokens

  init() throws {
    app = try TestApp()
    ana = try app.login("ana")
  }

  func upload(
    _ csv: String, dryRun: Bool, token: String? = nil, type: String = "text/csv", language: String? = nil
  ) -> HTTPResponse {
    var request = HTTPRequest(method: "POST", target: Route.people(.importStaff(dryRun: dryRun)).pathAndQuery)
    request.headers.add("Content-Type", type)
    if let language { request.headers.add("Accept-Language", language) }
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

  /// Issue 14 (catalogue): every reason an import gives is worded for the reader.
  @Test func theReportAndItsRefusalsAreInTheReadersLanguage() throws {
    let csv = """
      username,email,firstName,lastName,department,location,manager,role
      bad.person,bad@atrium-demo.example,Bad,Person,Nowhere,Madrid,ghost,boss
      """
    let english = try JSONText.decode(ImportReport.self, from: upload(csv, dryRun: true))
    #expect(english.lines.first?.errors.map(\.message).contains("\"Nowhere\" is not a department") == true)
    let spanish = try JSONText.decode(ImportReport.self, from: upload(csv, dryRun: true, language: "es"))
    let reasons = Dictionary(uniqueKeysWithValues: (spanish.lines.first?.errors ?? []).map { ($0.field, $0.message) })
    #expect(reasons["department"] == "«Nowhere» no es un departamento")
    #expect(reasons["manager"] == "«ghost» no es una persona")
    #expect(reasons["role"] == "debe ser uno de: employee, manager, admin")

    let refused = upload(csv, dryRun: false, language: "es")
    #expect(refused.status == 422)
    #expect(
      refused.problem?.detail?.hasPrefix("Se han rechazado 1 de 1 líneas, así que no se ha importado nada") == true)
    #expect(
      refused.problem?.errors?.contains {
        $0.field == "line 2 department" && $0.message.contains("no es un departamento")
      } == true)

    let unclosed = upload("username\n\"open", dryRun: true, language: "es")
    #expect(unclosed.problem?.detail == "El archivo no es CSV válido (línea 2): un campo entre comillas no se cierra.")
    #expect(
      upload("username\n\"open", dryRun: true).problem?.detail
        == "The file is not valid CSV (line 2): a quoted field is never closed.")
    let unknown = upload("username,shoe size\nx,42", dryRun: true, language: "es")
    #expect(unknown.problem?.detail?.hasPrefix("Columnas desconocidas: shoe size. Se admiten: username, email") == true)
    let notJSON = app.send(
      "POST", Route.leave(.create).pathAndQuery, body: Array("x".utf8), token: ana.accessToken,
      headers: [("Content-Type", "text/plain"), ("Accept-Language", "es")])
    #expect(notJSON.status == 415)
    #expect(notJSON.problem?.detail == "Envía el cuerpo como application/json (llegó text/plain).")
  }

  @Test func theFileItselfIsChecked() throws {
    #expect(upload("username,shoe size\nx,42", dryRun: true).status == 400)
    #expect(upload("email\nx@example.com", dryRun: true).status == 400)
    #expect(upload("username\n\"open", dryRun: true).problem?.detail?.contains("line 2") == true)
    #expect(upload("username\nx", dryRun: true, type: "application/json").status == 415)
    #expect(upload(staff, dryRun: true, token: try app.login("mario").accessToken).status == 403)
  }
}

@Suite(.checksBalanceRows) struct PeopleImportCommandTests {
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
