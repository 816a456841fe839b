import AtriumAPI
import AtriumDomain
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite struct DemoCompanyTests {
  @Test func seedingTwiceLeavesOneCompany() throws {
    let app = try TestApp()
    let before = try app.database.read { try PeopleStore($0).count() }
    let seededAgain = try DemoCompany.seed(
      into: app.database, hasher: app.environment.passwordHasher, makeID: app.environment.makeID)
    #expect(!seededAgain)
    let after = try app.database.read { try PeopleStore($0).count() }
    #expect(before == after)
    #expect((35...45).contains(after))
    let company = try app.database.read { try CompanyStore($0).company() }
    #expect(company?.name == "Atrium Demo S.L.")
    #expect(company?.timeZone == "Europe/Madrid")
  }

  @Test func theThreeDemoAccountsSignIn() throws {
    let app = try TestApp()
    let ana = try app.login("ana")
    let mario = try app.login("mario")
    let eva = try app.login("eva")
    #expect(ana.user.role == .admin)
    #expect(mario.user.role == .manager)
    #expect(eva.user.role == .employee)
    #expect(eva.user.managerId == mario.user.id)
  }
}

@Suite struct DemoSampleLeaveTests {
  @Test func theDemoHasHolidaysAndRequestsForMarioToDecide() throws {
    let app = try TestApp(seedDemo: false)
    try DemoCompany.seed(
      into: app.database, hasher: app.environment.passwordHasher, makeID: app.environment.makeID,
      sampleLeaveAround: CalendarDate("2026-03-02")!, at: Int64(app.clock.now.timeIntervalSince1970 * 1000))
    let mario = try app.login("mario")
    let inbox = try JSONText.decode(
      Page<ApprovalItem>.self,
      from: app.send(.approvals(.list(status: .pending, page: .first)), token: mario.accessToken))
    #expect(inbox.items.map(\.employee.displayName).sorted() == ["Carmen Díaz", "Sergio Moreno"])
    let eva = try app.login("eva")
    let holidays = try JSONText.decode(
      Page<HolidayBody>.self,
      from: app.send(.leaveSettings(.holidays(locationID: nil, year: 2026)), token: eva.accessToken))
    #expect(holidays.items.contains { $0.name == "San Isidro" })
    #expect(holidays.items.contains { $0.date.description == "2026-12-24" && $0.half == .afternoon })
    // Eva can still ask for a week at once.
    #expect(
      app.send(.leave(.create), json: #"{"start": "2026-06-01", "end": "2026-06-05"}"#, token: eva.accessToken).status
        == 201)
  }
}

@Suite struct ContractTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func openAPIDocumentsEveryRoute() throws {
    let response = app.send(.service(.openAPI))
    #expect(response.status == 200)
    let lines = response.text.components(separatedBy: "\n")
    #expect(lines.first == "openapi: 3.1.0")
    for name in Route.Name.allCases {
      let route = try #require(Route.examples.first { $0.name == name })
      let operations = operations(under: route.template, in: lines)
      #expect(
        operations.contains(route.method.rawValue.lowercased()),
        "openapi.yaml lacks \(route.method.rawValue) \(route.template)")
    }
  }

  @Test func healthNeedsNoSignIn() throws {
    let response = app.send(.service(.health))
    #expect(response.status == 200)
    #expect(response.text == #"{"status":"ok"}"#)
  }

  /// The methods listed under `  <template>:` in the `paths` section.
  private func operations(under template: String, in lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "  \(template):") else { return [] }
    var methods: [String] = []
    for line in lines[(start + 1)...] {
      if !line.hasPrefix("    ") { break }
      let trimmed = line.dropFirst(4)
      if !trimmed.hasPrefix(" "), trimmed.hasSuffix(":") { methods.append(String(trimmed.dropLast())) }
    }
    return methods
  }
}
