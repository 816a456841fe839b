import AtriumAPI
import AtriumServer
import AtriumStore
import AtriumTestSupport
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

@Suite struct ContractTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func openAPIDocumentsEveryRoute() throws {
    let response = app.send(.openAPI)
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
    let response = app.send(.health)
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
