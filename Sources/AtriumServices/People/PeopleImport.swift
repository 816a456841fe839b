import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// Imports a staff list from CSV: header-driven columns, people matched by username, managers
/// referenced by username or email (also people created by the same file). A dry run reports
/// what each line would do; the real run saves everything in one transaction, or nothing when
/// any line is refused. Imported people get no password: they sign in through the directory or
/// after a password reset.
package struct PeopleImport: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// Column names a file may use (lowercased, spaces and underscores removed), by field.
  package static let columns: [String: String] = [
    "username": "username", "email": "email", "firstname": "firstName", "lastname": "lastName",
    "position": "position", "title": "position", "department": "department", "location": "location",
    "manager": "manager", "role": "role", "startdate": "startDate", "phone": "phone", "bio": "bio",
  ]

  /// The column names as the error for an unknown column lists them.
  static let knownColumns = [
    "username", "email", "firstName", "lastName", "position", "department", "location", "manager", "role", "startDate",
    "phone", "bio",
  ]

  private struct Planned {
    package var line: Int
    package var employee: Employee
    package var isNew: Bool
    package var isChanged: Bool
    package var manager: String?
    package var errors: [FieldError]
  }

  package func run(csv: String, dryRun: Bool, by principal: Principal) throws -> ImportReport {
    try requireAdmin(principal, to: "import people")
    let records: [(line: Int, fields: [String])]
    do {
      records = try CSV.parse(csv)
    } catch {
      throw Problem.badRequest(.csvNotValid(line: error.line, reason: error.reason))
    }
    guard let header = records.first else { throw Problem.badRequest(.csvEmpty) }
    var fieldIndex: [String: Int] = [:]
    var unknown: [String] = []
    for (index, name) in header.fields.enumerated() {
      let key = name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" }
      if let field = Self.columns[key] { fieldIndex[field] = index } else { unknown.append(name) }
    }
    guard unknown.isEmpty else {
      throw Problem.badRequest(.csvUnknownColumns(unknown, known: Self.knownColumns))
    }
    guard fieldIndex["username"] != nil else { throw Problem.badRequest(.csvNeedsUsername) }

    return try environment.database.write { connection in
      var plans = try plan(records.dropFirst(), fields: fieldIndex, connection: connection)
      try resolveManagers(&plans, connection: connection)
      let refused = plans.filter { !$0.errors.isEmpty }.count
      let apply = !dryRun && refused == 0
      if apply {
        let people = PeopleStore(connection)
        let accounts = AccountStore(connection)
        for plan in plans where plan.isNew {
          var employee = plan.employee
          employee.managerID = nil
          try people.insert(employee)
          try accounts.setPassword(employeeID: employee.id, hash: nil, mustChange: false)
        }
        for plan in plans where plan.isChanged || (plan.isNew && plan.employee.managerID != nil) {
          try people.update(plan.employee)
        }
      }
      let report = ImportReport(
        dryRun: dryRun, applied: apply, created: plans.filter { $0.isNew && $0.errors.isEmpty }.count,
        updated: plans.filter { !$0.isNew && $0.isChanged && $0.errors.isEmpty }.count,
        unchanged: plans.filter { !$0.isNew && !$0.isChanged && $0.errors.isEmpty }.count, refused: refused,
        lines: plans.map {
          ImportReport.Line(
            line: $0.line, username: $0.employee.username,
            action: !$0.errors.isEmpty ? "refuse" : $0.isNew ? "create" : $0.isChanged ? "update" : "unchanged",
            errors: $0.errors.map { $0.worded(in: .en) })
        })
      if apply {
        try AuditTrail(environment: environment).record(
          "people.import", target: ("people", "import"),
          after: ["created": report.created, "updated": report.updated], by: principal, connection: connection)
      }
      return report
    }
  }

  private func plan(
    _ records: ArraySlice<(line: Int, fields: [String])>, fields: [String: Int], connection: any DatabaseConnection
  ) throws -> [Planned] {
    func fold(_ text: String) -> String {
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased().trimmingWhitespace
    }
    let departments = Dictionary(
      try connection.query("SELECT id, name FROM departments").map { (fold($0.string("name")), $0.string("id")) },
      uniquingKeysWith: { first, _ in first })
    let locations = Dictionary(
      try connection.query("SELECT id, name FROM locations").map { (fold($0.string("name")), $0.string("id")) },
      uniquingKeysWith: { first, _ in first })
    let people = PeopleStore(connection)
    var seen = Set<String>()
    var emails: [String: String] = [:]
    var plans: [Planned] = []
    for record in records {
      func value(_ field: String) -> String? {
        guard let index = fields[field], index < record.fields.count else { return nil }
        let text = record.fields[index].trimmingWhitespace
        return text.isEmpty ? nil : text
      }
      var validator = Validator()
      let username = Credentials.normalizedUsername(value("username") ?? "")
      validator.require(Credentials.isValidUsername(username), "username", .username)
      validator.require(!seen.contains(username), "username", .appearsTwiceInFile)
      seen.insert(username)
      let existing = Credentials.isValidUsername(username) ? try people.employee(username: username) : nil
      var employee =
        existing
        ?? Employee(
          id: environment.makeID(), username: username, email: "", firstName: "", lastName: "", departmentID: "",
          locationID: "")
      if existing == nil {
        for field in ["email", "firstName", "lastName", "department", "location"] where value(field) == nil {
          validator.require(false, field, .requiredForNewPerson)
        }
      }
      if let email = value("email") { employee.email = ProfileRules.email(email, into: &validator) }
      if let first = value("firstName") {
        employee.firstName = ProfileRules.name(first, field: "firstName", into: &validator)
      }
      if let last = value("lastName") {
        employee.lastName = ProfileRules.name(last, field: "lastName", into: &validator)
      }
      if let position = value("position") {
        employee.position = ProfileRules.text(
          position, field: "position", maximum: ProfileRules.maximumPositionLength, into: &validator)
      }
      if let phone = value("phone") { employee.phone = ProfileRules.phone(phone, into: &validator) }
      if let bio = value("bio") {
        employee.bio = ProfileRules.text(bio, field: "bio", maximum: ProfileRules.maximumBioLength, into: &validator)
      }
      if let name = value("department") {
        if let id = departments[fold(name)] {
          employee.departmentID = id
        } else {
          validator.require(false, "department", .namedNotA(name, .department))
        }
      }
      if let name = value("location") {
        if let id = locations[fold(name)] {
          employee.locationID = id
        } else {
          validator.require(false, "location", .namedNotA(name, .location))
        }
      }
      if let text = value("role") {
        if let role = Role(rawValue: text.lowercased()) {
          employee.role = role
        } else {
          validator.require(false, "role", .unknownValue(allowed: Role.allCases.map(\.rawValue)))
        }
      }
      if let text = value("startDate") {
        if let date = CalendarDate(text) {
          employee.startDate = date
        } else {
          validator.require(false, "startDate", .date)
        }
      }
      if !employee.email.isEmpty {
        let owner = try people.employee(email: employee.email)
        validator.require(owner == nil || owner?.id == employee.id, "email", .belongsToSomeoneElse)
        validator.require(emails[employee.email] == nil, "email", .appearsTwiceInFile)
        emails[employee.email] = username
      }
      plans.append(
        Planned(
          line: record.line, employee: employee, isNew: existing == nil,
          isChanged: existing.map { $0 != employee } ?? true, manager: value("manager"), errors: validator.errors))
    }
    return plans
  }

  /// Sets managers named by username or email, from the database or the same file, and refuses
  /// a loop in the resulting chain.
  private func resolveManagers(_ plans: inout [Planned], connection: any DatabaseConnection) throws {
    let people = PeopleStore(connection)
    var byKey: [String: String] = [:]
    for plan in plans {
      byKey[plan.employee.username] = plan.employee.id
      if !plan.employee.email.isEmpty { byKey[plan.employee.email] = plan.employee.id }
    }
    var managerOf: [String: String?] = [:]
    for index in plans.indices {
      guard let reference = plans[index].manager?.lowercased() else { continue }
      let managerID: String?
      if let id = byKey[reference] {
        managerID = id
      } else {
        managerID = try (people.employee(username: reference) ?? people.employee(email: reference))?.id
      }
      guard let managerID else {
        plans[index].errors.append(FieldError(field: "manager", rule: .namedNotA(reference, .person)))
        continue
      }
      if plans[index].employee.managerID != managerID {
        plans[index].employee.managerID = managerID
        if !plans[index].isNew { plans[index].isChanged = true }
      }
      managerOf[plans[index].employee.id] = managerID
    }
    for index in plans.indices {
      guard let managerID = plans[index].employee.managerID, managerOf[plans[index].employee.id] != nil else {
        continue
      }
      let loop = try ProfileRules.wouldCycle(employeeID: plans[index].employee.id, managerID: managerID) { id in
        if let planned = managerOf[id] { return planned }
        return try people.employee(id: id)?.managerID
      }
      if loop {
        plans[index].errors.append(FieldError(field: "manager", rule: .loopInReportingChain))
      }
    }
  }
}
