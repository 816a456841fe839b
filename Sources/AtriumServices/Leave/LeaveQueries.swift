import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumStore

/// Reading time off: one's own year, someone else's (for their managers), a preview, a
/// request in context, and the approvals inbox.
package struct LeaveQueries: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// The caller's year; by default the current year where they work.
  package func myLeave(year: Int?, principal: Principal) throws -> LeaveYear {
    try readYear(of: nil, year: year, principal: principal) { try $0.year($1, of: $2, today: $3) }
  }

  /// Someone's year, for the person, their managers and admins; anyone else gets 404.
  package func personLeave(id: String, year: Int?, principal: Principal) throws -> LeaveYear {
    try readYear(of: id, year: year, principal: principal) { context, year, employee, today in
      var result = try context.year(year, of: employee, today: today)
      result.employee = context.summary(of: employee)
      return result
    }
  }

  /// Whose year it is, which year (by default the current one where they work) and today
  /// there, for `view` to make it: the caller's own when `id` is nil; someone else's for the
  /// person, their managers and admins, anyone else getting 404.
  func readYear<View>(
    of id: String?, year: Int?, principal: Principal,
    _ view: (_ context: LeaveContext, _ year: Int, _ employee: Employee, _ today: CalendarDate) throws -> View
  ) throws -> View {
    try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      var employee = principal.employee
      if let id {
        guard let person = try context.people.employee(id: id),
          try context.relation(of: principal.employee, toOwner: id) != .stranger
        else { throw Problem.notFound(.noLeaveOfPerson(id: id)) }
        employee = person
      }
      let today = try context.today(for: employee)
      return try view(context, year ?? today.year, employee, today)
    }
  }

  /// What a request would take, and who else is off then, without saving anything.
  /// The days a request would take and who else is off then, with what the server would
  /// refuse if it were sent now, checked by the same rules as sending it (so a form can warn
  /// in time and not offer to send). The refusal is in English until it is localized.
  package func preview(_ query: LeaveQuery, principal: Principal) throws -> LeavePreview {
    let span = try LeaveService.span(query.start, query.end, query.startHalf, query.endHalf)
    let service = LeaveService(environment: environment)
    return try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let (calendar, today) = try context.workplace(of: principal.employee, around: span)
      let time = calendar.workingTime(of: span)
      var refusal: Problem?
      do {
        // A change keeps its request's type unless another is chosen, as sending it would.
        var typeID = query.typeId
        if typeID == nil, let replaced = query.replacing {
          typeID = try context.requests.request(id: replaced)?.request.typeID
        }
        let type = try LeaveService.chosenType(
          typeID, context: context, allowingInactive: query.replacing != nil && query.typeId == nil)
        _ = try service.validate(
          span, type: type, for: principal.employee, replacing: query.replacing, calendar: calendar, today: today,
          context: context)
      } catch let problem as Problem {
        refusal = problem
      }
      return LeavePreview(
        days: time.total, perYear: time.perYear.reduce(into: [:]) { $0[String($1.key)] = $1.value },
        conflicts: try context.conflicts(for: principal.employee, span: span, calendar: calendar), refusal: refusal)
    }
  }

  /// A request beside its history, the employee's other requests and remaining days that
  /// year, and who else is off then.
  package func detail(id: String, principal: Principal, language: Language) throws -> LeaveDetail {
    try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let stored = try LeaveService(environment: environment).visibleRequest(
        id, to: principal.employee, context: context)
      guard let owner = try context.people.employee(id: stored.request.employeeID) else {
        throw Problem.notFound(.noLeaveRequest(id: id))
      }
      let year = stored.request.span.start.year
      let others = try context.requests.requests(employeeID: owner.id, year: year).filter { $0.request.id != id }
      let history = try context.requests.history(requestID: id).map {
        LeaveHistoryEntry(
          actor: PersonName(id: $0.actorID, displayName: $0.actorName), at: Instant.text($0.at), action: $0.action,
          from: $0.from, to: $0.to, reason: $0.reason, details: Wording(language).historyDetails($0.details))
      }
      let calendar = try context.calendar(locationID: owner.locationID)
      return LeaveDetail(
        request: try context.body(stored), employee: context.summary(of: owner), history: history,
        otherRequests: try context.bodies(others), remaining: try context.balance(of: owner, year: year).remaining,
        conflicts: try context.conflicts(for: owner, span: stored.request.span, calendar: calendar))
    }
  }

  /// Whether the principal decides about this person's leave: an admin (for anyone but
  /// themselves), or a manager above them in the reporting chain.
  package func mayDecide(for employeeID: String, principal: Principal) throws -> Bool {
    switch principal.employee.role {
    case .admin: return employeeID != principal.employee.id
    case .manager:
      return try environment.database.read {
        try ReportingLinesStore($0).isBelow(employeeID, managerID: principal.employee.id)
      }
    case .employee: return false
    }
  }

  /// The requests the caller may decide: for a manager, those of everyone below them; for an
  /// admin, everyone's. Employees decide nothing.
  /// Whose requests `principal` decides; nil for an employee, who decides none.
  package static func scope(of employee: Employee) -> ApprovalsStore.Scope? {
    switch employee.role {
    case .admin: .everyoneBut(adminID: employee.id)
    case .manager: .below(managerID: employee.id)
    case .employee: nil
    }
  }

  /// How many pending requests wait for `principal` to decide them (0 for an employee).
  package func waitingCount(principal: Principal) throws -> Int {
    guard let scope = Self.scope(of: principal.employee) else { return 0 }
    return try environment.database.read { try ApprovalsStore($0).pendingCount(scope: scope) }
  }

  package func approvals(filter: ApprovalFilter, page: PageRequest, principal: Principal) throws -> Page<ApprovalItem> {
    guard let scope = Self.scope(of: principal.employee) else { throw Problem.forbidden(.onlyDecidersDecide) }
    return try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let result = try ApprovalsStore(connection).page(
        scope: scope, status: filter.status, limit: page.limit, after: page.cursor)
      let bodies = try context.bodies(result.items.map(\.stored))
      // A manager's list repeats the same few people: build each one's photo address once.
      var photos: [String: String] = [:]
      let items = zip(result.items, bodies).map { item, body in
        let id = item.employee.id
        let photo = photos[id] ?? PhotoService.address(of: id, photoID: item.photoID)
        photos[id] = photo
        return ApprovalItem(
          request: body,
          employee: EmployeeSummary(
            id: id, displayName: item.employee.displayName, position: item.position, photoURL: photo))
      }
      return Page(items: items, nextCursor: result.nextCursor)
    }
  }
}
