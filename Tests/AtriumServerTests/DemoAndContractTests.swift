import AtriumAPI
import AtriumDomain
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct DemoCompanyTests {
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

@Suite(.checksBalanceRows) struct DemoSampleLeaveTests {
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

@Suite(.checksBalanceRows) struct ContractTests {
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

  /// The statuses a route's rules let it answer, whatever its own logic: who may call it, the
  /// body limit, `Idempotency-Key` replays.
  static func statusesFromRules(of route: Route) -> Set<Int> {
    let rules = route.rules
    var statuses: Set<Int> = []
    if rules.requiresAuthentication {
      statuses.insert(401)
      // A temporary password to change first, an admin-only endpoint, or a change made with the
      // session cookie but without its CSRF token.
      if rules.beforePasswordChange == .refused || rules.access != .signedIn || route.method.isUnsafe {
        statuses.insert(403)
      }
    }
    if route.method != .get { statuses.insert(413) }
    if route.method.isUnsafe, rules.replay == .storesAnswer, rules.requiresAuthentication {
      // A malformed key, one still being processed, one reused for another request.
      statuses.formUnion([400, 409, 422])
    }
    return statuses
  }

  @Test func openAPIListsEveryStatusTheRulesCanAnswer() throws {
    let lines = app.send(.service(.openAPI)).text.components(separatedBy: "\n")
    var missing: [String] = []
    for name in Route.Name.allCases {
      let route = try #require(Route.examples.first { $0.name == name })
      let documented = responses(of: route.method.rawValue.lowercased(), under: route.template, in: lines)
      let lacking = Self.statusesFromRules(of: route).subtracting(documented).sorted()
      if !lacking.isEmpty { missing.append("\(route.method.rawValue) \(route.template): \(lacking)") }
    }
    #expect(missing.isEmpty, "openapi.yaml lacks:\n\(missing.joined(separator: "\n"))")
  }

  /// An operation anyone may call says so (`security: []`), or clients and the fuzzer expect
  /// it to refuse callers without a token; every other one inherits the bearer requirement.
  @Test func openAPISaysWhichOperationsNeedNoSignIn() throws {
    let lines = app.send(.service(.openAPI)).text.components(separatedBy: "\n")
    var wrong: [String] = []
    for name in Route.Name.allCases {
      let route = try #require(Route.examples.first { $0.name == name })
      let open = operationLines(of: route.method.rawValue.lowercased(), under: route.template, in: lines)
        .contains("      security: []")
      if open == route.rules.requiresAuthentication { wrong.append("\(route.method.rawValue) \(route.template)") }
    }
    #expect(wrong.isEmpty, "security: [] wrong for:\n\(wrong.joined(separator: "\n"))")
  }

  @Test func healthNeedsNoSignIn() throws {
    let response = app.send(.service(.health))
    #expect(response.status == 200)
    #expect(response.text == #"{"status":"ok"}"#)
  }

  /// The response statuses listed for one operation.
  private func responses(of method: String, under template: String, in lines: [String]) -> Set<Int> {
    guard let start = lines.firstIndex(of: "  \(template):") else { return [] }
    var statuses: Set<Int> = []
    var inOperation = false
    for line in lines[(start + 1)...] where !line.isEmpty {
      if !line.hasPrefix("    ") { break }
      if !line.hasPrefix("     ") {
        inOperation = line == "    \(method):"
        continue
      }
      if inOperation, line.hasPrefix("        '"), let code = Int(line.dropFirst(9).prefix(3)) { statuses.insert(code) }
    }
    return statuses
  }

  /// The lines of one operation.
  private func operationLines(of method: String, under template: String, in lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "  \(template):") else { return [] }
    var found: [String] = []
    var inOperation = false
    for line in lines[(start + 1)...] where !line.isEmpty {
      if !line.hasPrefix("    ") { break }
      if !line.hasPrefix("     ") {
        inOperation = line == "    \(method):"
        continue
      }
      if inOperation { found.append(line) }
    }
    return found
  }

  /// The methods listed under `  <template>:` in the `paths` section.
  private func operations(under template: String, in lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "  \(template):") else { return [] }
    var methods: [String] = []
    for line in lines[(start + 1)...] where !line.isEmpty {
      if !line.hasPrefix("    ") { break }
      let trimmed = line.dropFirst(4)
      if !trimmed.hasPrefix(" "), trimmed.hasSuffix(":") { methods.append(String(trimmed.dropLast())) }
    }
    return methods
  }
}
