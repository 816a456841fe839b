import AtriumAPI
import AtriumDomain
import AtriumStore
import Foundation

/// Asking for time off, changing and deciding requests: every rule from AtriumDomain applied
/// inside one write transaction, with its history row and notices.
package struct LeaveService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  package static let maximumNoteLength = 2_000

  // MARK: - Asking

  package func create(_ body: NewLeaveRequest, by principal: Principal) throws -> SavedLeave {
    let employee = principal.employee
    let span = try Self.span(body.start, body.end, body.startHalf ?? .full, body.endHalf ?? .full)
    let note = try Self.note(body.note)
    let now = environment.now().milliseconds
    let (stored, calendar) = try environment.database.write { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let type = try Self.chosenType(body.typeId, context: context)
      let (calendar, today) = try context.workplace(of: employee, around: span)
      let time = try validate(
        span, type: type, for: employee, replacing: nil, calendar: calendar, today: today, context: context)
      let request = LeaveRequest(
        id: environment.makeID(), employeeID: employee.id, typeID: type.id, span: span,
        status: type.needsApproval ? .pending : .approved, note: note)
      try context.requests.insert(request, time: time, at: now)
      try record(
        request, action: "create", from: nil, by: employee, reason: "", details: LeaveHistoryDetails.asked(span).code,
        at: now,
        context: context)
      return (try context.requests.request(id: request.id)!, calendar)
    }
    return try saved(stored, of: employee, calendar: calendar)
  }

  /// The answer to a saved request: read after its commit, so the writer (which applies
  /// everyone's writes one after another) is not held while teammates' leave is looked up.
  private func saved(
    _ stored: LeaveRequestStore.StoredRequest, of owner: Employee, calendar: WorkCalendar
  ) throws -> SavedLeave {
    try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      return SavedLeave(
        request: try context.body(stored),
        conflicts: try context.conflicts(for: owner, span: stored.request.span, calendar: calendar))
    }
  }

  /// The owner changes a pending request: it is validated again as if new.
  package func change(_ id: String, _ body: LeaveChange, by principal: Principal) throws -> SavedLeave {
    let now = environment.now().milliseconds
    let (changed, calendar) = try environment.database.write { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let stored = try visibleRequest(id, to: principal.employee, context: context)
      var request = stored.request
      _ = try Self.check(.change, request, by: principal.employee, context: context)
      let span = try Self.span(
        body.start ?? request.span.start, body.end ?? request.span.end, body.startHalf ?? request.span.startHalf,
        body.endHalf ?? request.span.endHalf)
      let type = try Self.chosenType(
        body.typeId ?? request.typeID, context: context, allowingInactive: body.typeId == nil)
      let owner = principal.employee
      let (calendar, today) = try context.workplace(of: owner, around: span)
      let time = try validate(
        span, type: type, for: owner, replacing: request.id, calendar: calendar, today: today, context: context)
      let details = span == request.span ? "" : LeaveHistoryDetails.moved(from: request.span, to: span).code
      request.span = span
      request.typeID = type.id
      request.decisionReason = ""
      if let note = body.note { request.note = try Self.note(note) }
      if !type.needsApproval { request.status = .approved }
      try context.requests.update(request, time: time, at: now)
      try record(
        request, action: "change", from: stored.request.status, by: owner, reason: "", details: details, at: now,
        context: context)
      return (try context.requests.request(id: request.id)!, calendar)
    }
    return try saved(changed, of: principal.employee, calendar: calendar)
  }

  // MARK: - Deciding

  /// Cancel, approve, reject or reopen, by whoever the rules allow.
  package func act(
    _ action: LeaveAction, on id: String, reason: String?, by principal: Principal
  ) throws -> LeaveRequestBody {
    let reason = try Self.note(reason, field: "reason")
    let now = environment.now().milliseconds
    return try environment.database.write { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let stored = try visibleRequest(id, to: principal.employee, context: context)
      var request = stored.request
      request.status = try Self.check(action, request, by: principal.employee, context: context)
      if reason.isEmpty, try ApprovalRulesStore(connection).rules().requiresReason(for: action) {
        throw Problem.invalid(ValidationFailure([FieldError(field: "reason", rule: .requiredToTurnDown)]))
      }
      // The employee reads why a decider decided; their own cancelling leaves it as it was.
      if action != .cancel { request.decisionReason = reason }
      try context.requests.update(request, time: nil, at: now)
      try record(
        request, action: action.rawValue, from: stored.request.status, by: principal.employee, reason: reason,
        details: "", at: now, context: context)
      return try context.body(try context.requests.request(id: id)!)
    }
  }

  // MARK: - Rules

  /// The request, or 404 when the caller may not see it (DESIGN.md: visibility before permission).
  package func visibleRequest(
    _ id: String, to actor: Employee, context: LeaveContext
  ) throws
    -> LeaveRequestStore.StoredRequest
  {
    guard let stored = try context.requests.request(id: id),
      try context.relation(of: actor, toOwner: stored.request.employeeID) != .stranger
    else { throw Problem.notFound(.noLeaveRequest(id: id)) }
    return stored
  }

  /// The status `action` leads to, or the rules' refusal as a problem.
  private static func check(
    _ action: LeaveAction, _ request: LeaveRequest, by actor: Employee, context: LeaveContext
  )
    throws -> LeaveStatus
  {
    let relation = try context.relation(of: actor, toOwner: request.employeeID)
    guard let owner = try context.people.employee(id: request.employeeID) else {
      throw Problem.notFound(.noLeaveRequest(id: request.id))
    }
    let hasStarted = try context.today(for: owner) >= request.span.start
    do {
      return try LeaveRules.apply(action, to: request.status, by: relation, hasStarted: hasStarted)
    } catch {
      switch error.kind {
      case .notVisible: throw Problem.notFound(.noLeaveRequest(id: request.id))
      case .notAllowed:
        let ownersOnly = action == .change || action == .cancel
        throw Problem.forbidden(ownersOnly ? .onlyTheOwnerMay(action: action) : .onlyDecidersMay(action: action))
      case .wrongState:
        throw Problem.conflict(
          action == .cancel && request.status == .approved
            ? .startedCannotBeCancelled : .cannotInState(action: action, status: request.status))
      }
    }
  }

  /// Checks a span for `employee`: working days, no overlap, and the balance of every year it
  /// touches. Returns its working time.
  /// - Parameters:
  ///   - calendar: The employee's working calendar.
  ///   - today: Today where the employee works (`LeaveContext.workplace` gives both).
  package func validate(
    _ span: LeaveSpan, type: LeaveType, for employee: Employee, replacing replacedID: String?, calendar: WorkCalendar,
    today: CalendarDate, context: LeaveContext
  ) throws -> WorkingTime {
    let time = calendar.workingTime(of: span)
    guard time.total > .zero else {
      throw Problem.unprocessable(.noWorkingDays(span))
    }
    let holding = context.requests.holdingRequestsFetch(employeeID: employee.id, from: span.start, to: span.end)
    func refuseClashes(with holding: [LeaveRequestStore.StoredRequest]) throws {
      if let clashing = holding.first(where: { $0.request.id != replacedID && $0.request.span.overlaps(span) }) {
        throw Problem.conflict(.overlaps(status: clashing.request.status, clashing.request.span))
      }
    }
    guard type.countsAgainstAllowance else {
      try refuseClashes(with: try context.connection.fetch(holding))
      return time
    }
    // What the balance needs goes with the clash check: one round trip to PostgreSQL.
    let (held, stored, policies, overrides) = try context.connection.fetchTogether(
      holding, context.balances.totalsFetch(employeeID: employee.id), context.settings.policyHistoryFetch,
      context.settings.allowanceOverridesFetch(employeeID: employee.id))
    try refuseClashes(with: held)
    // The rows hold the request being changed: its own totals are taken out (a create has none).
    let replaced = try replacedID.map {
      try context.connection.fetch(context.balances.requestTotalsFetch(requestID: $0))
    }
    let totals = stored.subtracting(replaced ?? [:])
    let calculator = BalanceCalculator(policies: policies, startDate: employee.startDate, allowanceOverrides: overrides)
    for (year, _) in time.perYear.sorted(by: { $0.key < $1.key }) {
      let extra = calculator.totals(of: ChargedLeave(state: .pending, daysByDate: time.dates(in: year)), in: year)
      guard calculator.fits(extra, in: year, totals: totals, today: today) else {
        let balance = calculator.balance(in: year, totals: totals, today: today)
        throw Problem.unprocessable(.notEnoughDays(year: year, remaining: balance.remaining, asked: extra.pending))
      }
    }
    return time
  }

  // MARK: - History and notices

  /// Appends the history row and posts the notices of one change, in the same transaction.
  private func record(
    _ request: LeaveRequest, action: String, from: LeaveStatus?, by actor: Employee, reason: String, details: String,
    at instant: Int64, context: LeaveContext
  ) throws {
    try context.requests.appendHistory(
      id: environment.makeID(), requestID: request.id,
      .init(
        actorID: actor.id, at: instant, action: action, from: from, to: request.status, reason: reason,
        details: details))
    let managers = try context.people.managers(above: request.employeeID)
    try announceToDeciders(request, managers: managers, at: instant, context: context)
    try LeaveNotices(environment: environment).post(
      about: request, action: action, by: actor, reason: reason, at: instant, managers: managers, context: context)
  }

  /// Tells everyone whose approvals list holds the request (the managers above its employee
  /// and the admins) that it changed, so open approval screens refresh.
  private func announceToDeciders(
    _ request: LeaveRequest, managers: [Employee], at instant: Int64, context: LeaveContext
  ) throws {
    let events = LiveEventStore(context.connection)
    let data = LiveEventStore.json(["requestId": request.id, "status": request.status.rawValue])
    for manager in managers where manager.role == .manager {
      try events.append(kind: "approvals", data: data, audience: .person(id: manager.id), at: instant)
    }
    try events.append(kind: "approvals", data: data, audience: .admins(except: request.employeeID), at: instant)
  }

  // MARK: - Input

  package static func span(
    _ start: CalendarDate, _ end: CalendarDate, _ startHalf: StartHalf, _ endHalf: EndHalf
  ) throws
    -> LeaveSpan
  {
    let span: LeaveSpan
    do {
      span = try LeaveSpan(start: start, end: end, startHalf: startHalf, endHalf: endHalf)
    } catch .endBeforeStart {
      throw Problem.invalid(ValidationFailure([FieldError(field: "end", rule: .notBeforeStart)]))
    } catch {
      throw Problem.invalid(ValidationFailure([FieldError(field: "endHalf", rule: .noonToNoonOnOneDay)]))
    }
    guard span.isWithinLimit else {
      throw Problem.invalid(
        ValidationFailure([FieldError(field: "end", rule: .withinDaysOfStart(LeaveSpan.maximumDays))]))
    }
    return span
  }

  package static func note(_ text: String?, field: String = "note") throws -> String {
    let note = (text ?? "").trimmingWhitespace
    guard note.count <= maximumNoteLength else {
      throw Problem.invalid(ValidationFailure([FieldError(field: field, rule: .atMostCharacters(maximumNoteLength))]))
    }
    return note
  }

  package static func chosenType(
    _ id: String?, context: LeaveContext, allowingInactive: Bool = false
  ) throws
    -> LeaveType
  {
    let chosen = try id.map { try context.settings.leaveType(id: $0) } ?? context.settings.defaultLeaveType()
    guard let type = chosen, type.isActive || allowingInactive else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "typeId", rule: .notAnActiveLeaveType)]))
    }
    return type
  }

}
