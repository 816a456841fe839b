import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumStore

/// Personal and team calendar feeds: secret addresses a calendar app subscribes to.
package struct CalendarFeedService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// The caller's feed addresses, made on first use.
  /// - Parameter origin: Where the caller reached this server (`http://host:port`), used when
  ///   no public address is configured.
  package func addresses(for principal: Principal, origin: String) throws -> CalendarFeedBody {
    let token = try environment.database.write { connection in
      let store = CalendarFeedStore(connection)
      if let token = try store.token(employeeID: principal.employee.id) { return token }
      let token = environment.secret(bytes: 24)
      try store.setToken(token, employeeID: principal.employee.id, at: environment.now().milliseconds)
      return token
    }
    return body(token: token, origin: origin)
  }

  /// A new secret address; the old one stops working at once.
  package func rotate(for principal: Principal, origin: String) throws -> CalendarFeedBody {
    let token = environment.secret(bytes: 24)
    try environment.database.write {
      try CalendarFeedStore($0).setToken(token, employeeID: principal.employee.id, at: environment.now().milliseconds)
    }
    return body(token: token, origin: origin)
  }

  /// The feed: a person's approved leave (and pending with `includePending`), or their team's
  /// approved and pending leave, from a year ago to two years ahead. Team feeds name people
  /// only, never types or notes.
  package func feed(token: String, team: Bool, includePending: Bool) throws -> String {
    try environment.database.read { connection in
      guard let employeeID = try CalendarFeedStore(connection).employeeID(token: token),
        let employee = try PeopleStore(connection).employee(id: employeeID), employee.isActive
      else { throw Problem.notFound(.calendarAddressNotValid) }
      let context = LeaveContext(connection: connection, environment: environment)
      let today = try context.today(for: employee)
      let statuses: [LeaveStatus] = team || includePending ? [.approved, .pending] : [.approved]
      let rows = try context.requests.feedRequests(
        employeeID: employee.id,
        team: team ? (employee.managerID, employee.role != .employee) : nil, statuses: statuses,
        from: today.adding(days: -366), to: today.adding(days: 731))
      let types = Dictionary(uniqueKeysWithValues: try context.settings.leaveTypes().map { ($0.id, $0.name) })
      let events = rows.map { row in
        let request = row.stored.request
        let what = team ? "\(row.person.displayName) off" : types[request.typeID] ?? "Time off"
        var halves: [String] = []
        if request.span.startHalf == .afternoon { halves.append("from noon") }
        if request.span.endHalf == .morning { halves.append("until noon") }
        let summary =
          what + (halves.isEmpty ? "" : " (\(halves.joined(separator: ", ")))")
          + (request.status == .pending ? " – pending" : "")
        return ICalendar.Event(
          uid: "\(request.id)@atrium", stamp: row.stored.updatedAt, start: request.span.start, end: request.span.end,
          summary: summary, isTentative: request.status == .pending)
      }
      let name = team ? "Team of \(employee.displayName)" : "Time off – \(employee.displayName)"
      return ICalendar(name: name, events: events).text
    }
  }

  private func body(token: String, origin: String) -> CalendarFeedBody {
    let base = environment.publicURL ?? origin
    let personal = Route.calendar(.feed(token: token, team: false, includePending: false)).pathAndQuery
    let team = Route.calendar(.feed(token: token, team: true, includePending: false)).pathAndQuery
    return CalendarFeedBody(url: base + personal, teamURL: base + team)
  }

}
