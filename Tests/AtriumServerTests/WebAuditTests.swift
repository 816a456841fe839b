import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer
@testable import AtriumWeb

/// Issue 15 (audit 9): the audit log says who did what to whom in words, with what changed,
/// filtered by person, action and days, and exported as CSV.
@Suite(.checksBalanceRows) struct WebAuditTests {
  let app: TestApp
  let ana: WebClient

  init() throws {
    app = try TestApp()
    ana = WebClient(app)
    ana.signIn("ana")
    let eva = try app.login("eva").user.id
    let token = try app.login("ana").accessToken
    #expect(app.send(.people(.update(id: eva)), json: #"{"phone": "+34 600 000 111"}"#, token: token).status == 200)
    #expect(
      app.send(.places(.createDepartment), json: #"{"name": "=HYPERLINK(\"x\")"}"#, token: token).status == 201)
  }

  @Test func entriesReadAsSentencesWithTheirChanges() throws {
    let page = ana.get("/admin/audit").text
    #expect(page.contains("Ana García changed the data of Eva Fernández"), "who did what to whom")
    #expect(page.contains("<code>phone</code>: ") && page.contains("→ +34 600 000 111"))
    #expect(!page.contains("person.update ·"), "no action code shown as the entry")
  }

  @Test func filtersByPersonActionAndDays() throws {
    let eva = ana.get("/admin/audit?person=eva").text
    #expect(eva.contains("data-action=\"person.update\"") && !eva.contains("data-action=\"department.create\""))
    let departments = ana.get("/admin/audit?action=department.create").text
    #expect(
      departments.contains("data-action=\"department.create\"")
        && !departments.contains("data-action=\"person.update\""))
    #expect(ana.get("/admin/audit?from=2099-01-01").text.contains("No changes match these filters."))
    #expect(ana.get("/admin/audit?person=nobody-here").text.contains("No changes match these filters."))
    #expect(ana.get("/admin/audit?from=soon").status == 400)
  }

  @Test func theSameEntriesComeAsACSVFile() throws {
    let file = ana.get("/admin/audit/export.csv?action=department.create")
    #expect(file.status == 200)
    #expect(file.headers["Content-Type"] == "text/csv; charset=utf-8")
    #expect(file.headers["Content-Disposition"]?.contains("attachment") == true)
    let lines = file.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.first == "at,actor,what,changes")
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.last?.contains("created the department =HYPERLINK") == true, "\(lines)")
    // A cell that starts like a formula is written as text, so a spreadsheet never runs it.
    #expect(WebApp.csvField("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
    #expect(WebApp.csvField("+34 600") == "'+34 600" && WebApp.csvField("Eva, Ana") == "\"Eva, Ana\"")
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.get("/admin/audit/export.csv").status == 403)
  }
}
