extension WebPage {
  /// Administration: people, places, the company, feeds, the audit log, time-off settings and
  /// the staff-list import (admins only; each page checks).
  package enum Admin: PageSection {
    case index
    case people(query: String?)
    case newPerson
    case createPerson
    case person(id: String)
    case updatePerson(id: String)
    case resetPassword(id: String)
    case setAllowance(id: String)
    case places
    case createLocation
    case createDepartment
    case deleteLocation(id: String)
    case deleteDepartment(id: String)
    case renameLocation(id: String)
    case renameDepartment(id: String)
    case company
    case saveCompany
    case feeds
    case addFeed
    case refreshFeed(id: String)
    case deleteFeed(id: String)
    case audit(AuditQuery)
    /// The audit log's entries under the same filters, as a CSV file.
    case auditExport(AuditQuery)
    case leave(location: String?, year: Int?)
    case savePolicy
    case addLeaveType
    case renameLeaveType(id: String)
    case toggleLeaveType(id: String)
    case makeDefaultLeaveType(id: String)
    case addHoliday
    case deleteHoliday(id: String)
    /// A location's holidays of one year copied to the next.
    case copyHolidays
    case importForm
    case runImport
    /// Mail and notifications: how mail goes out and what was sent.
    case mail
    /// Mails someone a link to choose their password.
    case invite(id: String)
    /// Erases someone's data; their records stay under "Former employee".
    case erase(id: String)
    /// Who may sign up themselves (on the company page).
    case saveSignUp

    package enum Name: CaseIterable, Sendable {
      case index, people, newPerson, createPerson, person, updatePerson
      case resetPassword, setAllowance, places, createLocation, createDepartment, deleteLocation
      case deleteDepartment, renameLocation, renameDepartment, company, saveCompany, feeds
      case addFeed, refreshFeed, deleteFeed, audit, leave, savePolicy
      case addLeaveType, renameLeaveType, toggleLeaveType, makeDefaultLeaveType, addHoliday, deleteHoliday, importForm
      case runImport, copyHolidays, auditExport, mail, invite, erase, saveSignUp
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .index: PageRow(.get, "/admin", rules: .signedIn) { _, _ in .index }
      case .people:
        PageRow(.get, "/admin/people", rules: .signedIn) { _, query in .people(query: query.nonEmpty("query")) }
      case .newPerson: PageRow(.get, "/admin/people/new", rules: .signedIn) { _, _ in .newPerson }
      case .createPerson: PageRow(.post, "/admin/people", rules: .signedIn) { _, _ in .createPerson }
      case .person: PageRow(.get, "/admin/people/{id}", rules: .signedIn) { id, _ in .person(id: id[0]) }
      case .updatePerson: PageRow(.post, "/admin/people/{id}", rules: .signedIn) { id, _ in .updatePerson(id: id[0]) }
      case .resetPassword:
        PageRow(.post, "/admin/people/{id}/password-reset", rules: .signedIn) { id, _ in .resetPassword(id: id[0]) }
      case .setAllowance:
        PageRow(.post, "/admin/people/{id}/allowance", rules: .signedIn) { id, _ in .setAllowance(id: id[0]) }
      case .places: PageRow(.get, "/admin/places", rules: .signedIn) { _, _ in .places }
      case .createLocation: PageRow(.post, "/admin/locations", rules: .signedIn) { _, _ in .createLocation }
      case .createDepartment: PageRow(.post, "/admin/departments", rules: .signedIn) { _, _ in .createDepartment }
      case .deleteLocation:
        PageRow(.post, "/admin/locations/{id}/delete", rules: .signedIn) { id, _ in .deleteLocation(id: id[0]) }
      case .deleteDepartment:
        PageRow(.post, "/admin/departments/{id}/delete", rules: .signedIn) { id, _ in .deleteDepartment(id: id[0]) }
      case .renameLocation:
        PageRow(.post, "/admin/locations/{id}", rules: .signedIn) { id, _ in .renameLocation(id: id[0]) }
      case .renameDepartment:
        PageRow(.post, "/admin/departments/{id}", rules: .signedIn) { id, _ in .renameDepartment(id: id[0]) }
      case .company: PageRow(.get, "/admin/company", rules: .signedIn) { _, _ in .company }
      case .saveCompany: PageRow(.post, "/admin/company", rules: .signedIn) { _, _ in .saveCompany }
      case .feeds: PageRow(.get, "/admin/feeds", rules: .signedIn) { _, _ in .feeds }
      case .addFeed: PageRow(.post, "/admin/feeds", rules: .signedIn) { _, _ in .addFeed }
      case .refreshFeed:
        PageRow(.post, "/admin/feeds/{id}/refresh", rules: .signedIn) { id, _ in .refreshFeed(id: id[0]) }
      case .deleteFeed: PageRow(.post, "/admin/feeds/{id}/delete", rules: .signedIn) { id, _ in .deleteFeed(id: id[0]) }
      case .audit: PageRow(.get, "/admin/audit", rules: .signedIn) { _, query in .audit(AuditQuery(query)) }
      case .auditExport:
        PageRow(.get, "/admin/audit/export.csv", rules: .signedIn) { _, query in .auditExport(AuditQuery(query)) }
      case .leave:
        PageRow(.get, "/admin/leave", rules: .signedIn) { _, query in
          .leave(location: query.nonEmpty("location"), year: query.integer("year"))
        }
      case .savePolicy: PageRow(.post, "/admin/leave/policy", rules: .signedIn) { _, _ in .savePolicy }
      case .addLeaveType: PageRow(.post, "/admin/leave/types", rules: .signedIn) { _, _ in .addLeaveType }
      case .renameLeaveType:
        PageRow(.post, "/admin/leave/types/{id}", rules: .signedIn) { id, _ in .renameLeaveType(id: id[0]) }
      case .toggleLeaveType:
        PageRow(.post, "/admin/leave/types/{id}/toggle", rules: .signedIn) { id, _ in .toggleLeaveType(id: id[0]) }
      case .makeDefaultLeaveType:
        PageRow(.post, "/admin/leave/types/{id}/default", rules: .signedIn) { id, _ in
          .makeDefaultLeaveType(id: id[0])
        }
      case .addHoliday: PageRow(.post, "/admin/leave/holidays", rules: .signedIn) { _, _ in .addHoliday }
      case .deleteHoliday:
        PageRow(.post, "/admin/leave/holidays/{id}/delete", rules: .signedIn) { id, _ in .deleteHoliday(id: id[0]) }
      case .copyHolidays: PageRow(.post, "/admin/leave/holidays/copy", rules: .signedIn) { _, _ in .copyHolidays }
      case .importForm: PageRow(.get, "/admin/import", rules: .signedIn) { _, _ in .importForm }
      case .runImport:
        PageRow(
          .post, "/admin/import",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .staffList)
        ) { _, _ in .runImport }
      case .mail: PageRow(.get, "/admin/mail", rules: .signedIn) { _, _ in .mail }
      case .invite: PageRow(.post, "/admin/people/{id}/invite", rules: .signedIn) { id, _ in .invite(id: id[0]) }
      case .erase: PageRow(.post, "/admin/people/{id}/erase", rules: .signedIn) { id, _ in .erase(id: id[0]) }
      case .saveSignUp: PageRow(.post, "/admin/company/sign-up", rules: .signedIn) { _, _ in .saveSignUp }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .index: PageParts(.index)
      case .people(let query): PageParts(.people, query: [("query", query)])
      case .newPerson: PageParts(.newPerson)
      case .createPerson: PageParts(.createPerson)
      case .person(let id): PageParts(.person, [id])
      case .updatePerson(let id): PageParts(.updatePerson, [id])
      case .resetPassword(let id): PageParts(.resetPassword, [id])
      case .setAllowance(let id): PageParts(.setAllowance, [id])
      case .places: PageParts(.places)
      case .createLocation: PageParts(.createLocation)
      case .createDepartment: PageParts(.createDepartment)
      case .deleteLocation(let id): PageParts(.deleteLocation, [id])
      case .deleteDepartment(let id): PageParts(.deleteDepartment, [id])
      case .renameLocation(let id): PageParts(.renameLocation, [id])
      case .renameDepartment(let id): PageParts(.renameDepartment, [id])
      case .company: PageParts(.company)
      case .saveCompany: PageParts(.saveCompany)
      case .feeds: PageParts(.feeds)
      case .addFeed: PageParts(.addFeed)
      case .refreshFeed(let id): PageParts(.refreshFeed, [id])
      case .deleteFeed(let id): PageParts(.deleteFeed, [id])
      case .audit(let query): PageParts(.audit, query: query.items)
      case .auditExport(let query): PageParts(.auditExport, query: query.items)
      case .leave(let location, let year):
        PageParts(.leave, query: [("location", location), ("year", year.map(String.init))])
      case .savePolicy: PageParts(.savePolicy)
      case .addLeaveType: PageParts(.addLeaveType)
      case .renameLeaveType(let id): PageParts(.renameLeaveType, [id])
      case .toggleLeaveType(let id): PageParts(.toggleLeaveType, [id])
      case .makeDefaultLeaveType(let id): PageParts(.makeDefaultLeaveType, [id])
      case .addHoliday: PageParts(.addHoliday)
      case .deleteHoliday(let id): PageParts(.deleteHoliday, [id])
      case .copyHolidays: PageParts(.copyHolidays)
      case .importForm: PageParts(.importForm)
      case .runImport: PageParts(.runImport)
      case .mail: PageParts(.mail)
      case .invite(let id): PageParts(.invite, [id])
      case .erase(let id): PageParts(.erase, [id])
      case .saveSignUp: PageParts(.saveSignUp)
      }
    }

    package static let examples: [Self] = [
      .index, .people(query: nil), .people(query: "ana"), .newPerson, .createPerson, .person(id: "p1"),
      .updatePerson(id: "p1"), .resetPassword(id: "p1"), .setAllowance(id: "p1"), .places, .createLocation,
      .createDepartment, .deleteLocation(id: "l1"), .deleteDepartment(id: "d1"), .renameLocation(id: "l1"),
      .renameDepartment(id: "d1"), .company, .saveCompany, .feeds, .addFeed, .refreshFeed(id: "f1"),
      .deleteFeed(id: "f1"), .audit(AuditQuery()), .audit(AuditQuery(cursor: "c1")),
      .audit(AuditQuery(person: "eva", action: "person.", from: "2026-01-01", to: "2026-12-31")),
      .auditExport(AuditQuery(person: "eva")), .leave(location: nil, year: nil),
      .leave(location: "l1", year: 2027), .savePolicy, .addLeaveType, .renameLeaveType(id: "t1"),
      .toggleLeaveType(id: "t1"), .makeDefaultLeaveType(id: "t1"), .addHoliday, .deleteHoliday(id: "h1"), .importForm,
      .runImport, .copyHolidays, .mail, .invite(id: "p1"), .erase(id: "p1"), .saveSignUp,
    ]
  }
}

/// The audit log's filters, as the page's form and its address carry them.
package struct AuditQuery: Hashable, Sendable {
  /// A username: entries by that person or about them.
  package var person: String?
  /// An action code (`person.update`) or a kind of target (`person.`).
  package var action: String?
  /// Days as `YYYY-MM-DD`, both included.
  package var from: String?
  package var to: String?
  package var cursor: String?

  package init(
    person: String? = nil, action: String? = nil, from: String? = nil, to: String? = nil, cursor: String? = nil
  ) {
    self.person = person
    self.action = action
    self.from = from
    self.to = to
    self.cursor = cursor
  }

  init(_ query: [String: String]) {
    func value(_ name: String) -> String? {
      query[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    self.init(
      person: value("person"), action: value("action"), from: value("from"), to: value("to"), cursor: value("cursor"))
  }

  var items: [(String, String?)] {
    [("person", person), ("action", action), ("from", from), ("to", to), ("cursor", cursor)]
  }
}
