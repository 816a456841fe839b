import AtriumAPI
import AtriumDomain
import AtriumStore

/// A person's year, as JSON or as values, made once and then answered again while what it
/// was made from reads the same (`KeptLeaveYears`).
extension LeaveContext {
  /// The view `make` gives from the rules and the types' names, or the one this instance made
  /// before from the same inputs. The person's version is read before the rows `make` reads:
  /// should a change commit in between, the view is kept under the version before it, which no
  /// later read finds again.
  func keptYear<View>(
    _ year: Int, of employee: Employee, today: CalendarDate, in kept: KeptLeaveYears<View>?,
    make: (_ rules: BalanceRules, _ names: [String: String]) throws -> View
  ) throws -> View {
    let rules = try balanceRules(of: employee)
    let names = try typeNames()
    guard let kept else { return try make(rules, names) }
    let key = LeaveYearKey(employeeID: employee.id, year: year)
    let inputs = LeaveYearInputs(
      version: try LeaveVersionStore(connection).version(employeeID: employee.id), today: today,
      startDate: employee.startDate, rules: rules, namesVersion: kept.namesVersion(of: names))
    if let view = kept.view(key, madeFrom: inputs) { return view }
    let view = try make(rules, names)
    kept.keep(view, key, madeFrom: inputs)
    return view
  }

  /// `year`'s bytes: the balance, and the requests from their encodings.
  package func encodedYear(_ year: Int, of employee: Employee, today: CalendarDate) throws -> EncodedLeaveYear {
    try keptYear(year, of: employee, today: today, in: environment.memory?.keptEncodedYears) { rules, names in
      let (balance, keys) = try yearBalance(year, of: employee, today: today, rules: rules)
      return EncodedLeaveYear(
        balance: balance,
        requests: try encoded(keys).compactMap { $0 }.map { EncodedRequestItem(request: $0, names: names) })
    }
  }

  /// The year view: balance and the requests touching the year.
  /// - Parameter today: Today where the employee works, when the caller knows it already.
  package func year(_ year: Int, of employee: Employee, today: CalendarDate? = nil) throws -> LeaveYear {
    let today = try today ?? self.today(for: employee)
    return try keptYear(year, of: employee, today: today, in: environment.memory?.keptYears) { rules, names in
      var (view, keys) = try yearBalance(year, of: employee, today: today, rules: rules)
      // Made from what this instance made of each request before (`KeptRequests`): a page
      // reads only the requests' ids and revisions, and in full those it has not seen as they are.
      view.requests = try kept(keys).compactMap { $0?.body(named: names) }
      return view
    }
  }
}
