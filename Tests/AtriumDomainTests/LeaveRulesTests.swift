import AtriumDomain
import Testing

@Suite struct LeaveRulesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let action: LeaveAction
    let status: LeaveStatus
    let relation: LeaveRelation
    let hasStarted: Bool
    var testDescription: String { "\(relation) \(action) \(status)\(hasStarted ? " started" : "")" }
  }

  enum Outcome: Equatable {
    case moves(LeaveStatus)
    case refused(LeaveRuleViolation.Kind)
  }

  /// What the rules say, written out independently of the implementation.
  static func expected(_ c: Case) -> Outcome {
    if c.relation == .stranger { return .refused(.notVisible) }
    switch c.action {
    case .change, .cancel:
      if c.relation != .owner { return .refused(.notAllowed) }
    case .approve, .reject, .reopen:
      if c.relation != .decider { return .refused(.notAllowed) }
    }
    switch (c.action, c.status, c.hasStarted) {
    case (.change, .pending, _): return .moves(.pending)
    case (.cancel, .pending, _): return .moves(.cancelled)
    case (.cancel, .approved, false): return .moves(.cancelled)
    case (.approve, .pending, _): return .moves(.approved)
    case (.reject, .pending, _): return .moves(.rejected)
    case (.reopen, .approved, _): return .moves(.pending)
    default: return .refused(.wrongState)
    }
  }

  static let every: [Case] = LeaveAction.allCases.flatMap { action in
    LeaveStatus.allCases.flatMap { status in
      LeaveRelation.allCases.flatMap { relation in
        [false, true].map { Case(action: action, status: status, relation: relation, hasStarted: $0) }
      }
    }
  }

  @Test(arguments: every)
  func everyCombination(_ c: Case) {
    let result: Outcome
    do {
      result = .moves(try LeaveRules.apply(c.action, to: c.status, by: c.relation, hasStarted: c.hasStarted))
    } catch {
      result = .refused(error.kind)
    }
    #expect(result == Self.expected(c))
  }

  @Test func coversEveryCombination() {
    #expect(Self.every.count == LeaveAction.allCases.count * LeaveStatus.allCases.count * 3 * 2)
  }

  @Test func relationFollowsRolesAndTheChain() {
    func person(_ id: String, _ role: Role) -> Employee {
      Employee(
        id: id, username: id, email: "\(id)@x", firstName: id, lastName: "", departmentID: "d", locationID: "l",
        role: role)
    }
    let chain = ["mario", "ana"]
    #expect(LeaveRelation.of(person("eva", .employee), to: "eva", chain: chain) == .owner)
    #expect(LeaveRelation.of(person("ana", .admin), to: "ana", chain: []) == .owner, "an admin's own request")
    #expect(LeaveRelation.of(person("mario", .manager), to: "eva", chain: chain) == .decider)
    #expect(LeaveRelation.of(person("ana", .admin), to: "eva", chain: chain) == .decider)
    #expect(LeaveRelation.of(person("lucia", .manager), to: "eva", chain: chain) == .stranger, "another team's manager")
    #expect(
      LeaveRelation.of(person("mario", .employee), to: "eva", chain: chain) == .stranger, "employees never decide")
    #expect(LeaveRelation.of(person("pablo", .employee), to: "eva", chain: chain) == .stranger)
  }

  /// The catalogue words the refusal (`ProblemMessage.cannotInState`) from its kind.
  @Test func aDecisionOnADecidedRequestIsAWrongState() {
    do {
      let status = try LeaveRules.apply(.approve, to: .rejected, by: .decider, hasStarted: false)
      Issue.record("approved a rejected request: \(status)")
    } catch {
      #expect(error.kind == .wrongState)
    }
  }
}
