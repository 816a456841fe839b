import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMail
import AtriumMessages
import AtriumServices

/// The administration pages' requests: each calls the same service as the JSON API, which
/// checks the role again; a form's errors come back on its page.
extension WebApp {
  package func adminPage(
    _ page: WebPage.Admin, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    /// After a change: the page it was made on, fetched again (POST, redirect, GET), saying so.
    func done(_ target: WebPage, _ message: String? = nil) -> HTTPResponse {
      redirect(to: target, saying: message ?? context(.saved), visitor: visitor, request: request)
    }
    func text(_ name: String) -> String? {
      form[name].map { $0.trimmingWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// A number of days in steps of 0.5; nil when the field is empty.
    func halfDays(_ name: String) throws -> HalfDays? {
      guard let value = text(name) else { return nil }
      guard let days = Double(value.replacingOccurrences(of: ",", with: ".")), let exact = HalfDays(exactly: days),
        exact >= .zero
      else {
        throw Problem.invalid(
          ValidationFailure([FieldError(field: name, rule: .halfDayStep)]))
      }
      return exact
    }
    switch page {
    case .index:
      return html(AdminPages.index(context))
    case .people(let query):
      return html(AdminPages.people(context, query: query, people: try directory(query)))
    case .newPerson:
      return try personForm(nil, context: context)
    case .createPerson:
      do {
        let created = try accounts.create(
          NewPerson(
            username: form["username"] ?? "", email: form["email"] ?? "", firstName: form["firstName"] ?? "",
            lastName: form["lastName"] ?? "", position: text("position"), departmentId: form["departmentId"] ?? "",
            locationId: form["locationId"] ?? "", managerId: text("managerId"),
            role: text("role").flatMap(Role.init(rawValue:)), phone: text("phone")),
          by: principal)
        // The one page that is the POST's own answer: the password is shown once, never stored
        // for a redirect, and the page is not kept (`no-store`).
        return try personForm(
          created.person, context: context,
          message: context(.temporaryPassword(created.person.displayName, created.temporaryPassword)) + " "
            + context(AdminText.shownOnce), status: 201)
      } catch {
        return try personForm(nil, context: context, failure: error)
      }
    case .person(let id):
      return try personForm(try people.profile(id: id, principal: principal), context: context)
    case .updatePerson(let id):
      var change = PersonChange()
      change.username = form["username"]
      change.email = form["email"]
      change.firstName = form["firstName"]
      change.lastName = form["lastName"]
      change.position = form["position"] ?? ""
      change.departmentId = form["departmentId"]
      change.locationId = form["locationId"]
      change.managerId = .set(text("managerId"))
      change.role = form["role"].flatMap(Role.init(rawValue:))
      change.phone = form["phone"] ?? ""
      change.active = form["active"] == "on"
      do {
        _ = try people.updatePerson(id: id, change, principal: principal)
        return done(.admin(.person(id: id)))
      } catch {
        return try personForm(try? people.profile(id: id, principal: principal), context: context, failure: error)
      }
    case .resetPassword(let id):
      let password = try accounts.resetPassword(of: id, by: principal)
      let person = try people.profile(id: id, principal: principal)
      return try personForm(
        person, context: context,
        message: context(.temporaryPassword(person.displayName, password.temporaryPassword)) + " "
          + context(AdminText.shownOnce))
    case .invite(let id):
      let person = try people.profile(id: id, principal: principal)
      do {
        let sent = try InvitationService(environment: environment).invite(id, by: principal, language: context.language)
        return try personForm(
          person, context: context, message: context(.invitationSent(sent.email, days: InvitationService.linkDays)))
      } catch {
        return try personForm(person, context: context, failure: error)
      }
    case .erase(let id):
      // The form's box says the admin read what cannot be undone.
      guard form["understood"] == "on" else {
        return try personForm(
          try people.profile(id: id, principal: principal), context: context,
          failure: Problem.invalid(ValidationFailure([FieldError(field: "understood", rule: .required)])))
      }
      do {
        try AccountErasureService(environment: environment, auth: auth).erase(id: id, by: principal)
      } catch {
        return try personForm(try people.profile(id: id, principal: principal), context: context, failure: error)
      }
      return redirect(to: .admin(.people(query: nil)), saying: context(.saved), visitor: visitor, request: request)
    case .places:
      return try placesPage(context)
    case .createLocation:
      return try placesChange(context, done: { done($0) }) {
        _ = try places.createLocation(NewLocation(name: form["name"] ?? "", timeZone: text("timeZone")), by: principal)
      }
    case .createDepartment:
      return try placesChange(context, done: { done($0) }) {
        _ = try places.createDepartment(NewDepartment(name: form["name"] ?? ""), by: principal)
      }
    case .renameLocation(let id):
      return try placesChange(context, done: { done($0) }) {
        _ = try places.updateLocation(
          id: id, LocationChange(name: form["name"] ?? "", timeZone: text("timeZone")), by: principal)
      }
    case .renameDepartment(let id):
      return try placesChange(context, done: { done($0) }) {
        _ = try places.updateDepartment(id: id, DepartmentChange(name: form["name"] ?? ""), by: principal)
      }
    case .renameLeaveType(let id):
      return try leaveChange(context, principal: principal, done: done) {
        _ = try leaveSettings.updateLeaveType(
          id: id,
          LeaveTypeChange(
            name: form["name"] ?? "", countsAgainstAllowance: form["counts-\(id)"] == "on",
            needsApproval: form["approval-\(id)"] == "on"),
          by: principal)
      }
    case .deleteLocation(let id):
      return try placesChange(context, done: { done($0) }) { try places.deleteLocation(id: id, by: principal) }
    case .deleteDepartment(let id):
      return try placesChange(context, done: { done($0) }) { try places.deleteDepartment(id: id, by: principal) }
    case .company:
      return html(AdminPages.company(context, try company.company(), below: [try signUpForm(context, principal)]))
    case .saveSignUp:
      let service = SignUpService(environment: environment)
      do {
        _ = try service.update(
          SignUpSettingsBody(
            domains: (form["domains"] ?? "").split(separator: ",").map(String.init).filter {
              !$0.trimmingCharacters(in: .whitespaces).isEmpty
            }, departmentId: form["departmentId"], locationId: form["locationId"]), principal: principal)
        return done(.admin(.company))
      } catch {
        let problem = formProblem(error, in: context.language)
        let message = problem.errors?.first.map { "\($0.field): \($0.message)" } ?? problem.detail
        return html(
          AdminPages.company(
            context, try company.company(), below: [try signUpForm(context, principal, error: message)]),
          status: problem.status)
      }
    case .saveCompany:
      do {
        _ = try company.update(
          CompanyChange(
            name: form["name"], phone: form["phone"] ?? "", email: form["email"] ?? "", website: form["website"] ?? "",
            address: form["address"] ?? "", timeZone: text("timeZone"), social: socialAccounts(form["social"] ?? ""),
            passwordMinimumLength: try text("passwordMinimumLength").map { text in
              guard let number = Int(text) else {
                throw Problem.invalid(
                  ValidationFailure([FieldError(field: "passwordMinimumLength", rule: .wholeNumberBetween(6, 128))]))
              }
              return number
            }),
          by: principal)
        return done(.admin(.company))
      } catch {
        let problem = formProblem(error, in: context.language)
        return html(AdminPages.company(context, try company.company(), error: problem.detail), status: problem.status)
      }
    case .feeds:
      return html(AdminPages.feeds(context, try feeds.feeds(principal: principal, language: context.language).items))
    case .addFeed:
      do {
        _ = try feeds.create(NewTimelineFeed(name: form["name"] ?? "", url: form["url"] ?? ""), principal: principal)
        return done(.admin(.feeds))
      } catch {
        let problem = formProblem(error, in: context.language)
        return html(
          AdminPages.feeds(
            context, try feeds.feeds(principal: principal, language: context.language).items, error: problem.detail),
          status: problem.status)
      }
    case .refreshFeed(let id):
      _ = try feeds.refresh(id: id, principal: principal)
      return done(.admin(.feeds))
    case .deleteFeed(let id):
      try feeds.delete(id: id, principal: principal)
      return done(.admin(.feeds))
    case .audit(let query):
      return try auditPage(query, principal: principal, context: context)
    case .auditExport(let query):
      return try auditExport(query, principal: principal, context: context)
    case .leave(let location, let year):
      return try leavePage(context, principal: principal, location: location, year: year)
    case .savePolicy:
      return try savePolicy(context, principal: principal, confirmed: form["confirm"] == "yes", done: done) {
        LeavePolicyBody(
          defaultAllowance: try halfDays("defaultAllowance"), carryOverDays: try halfDays("carryOverDays"),
          carryOverUntil: text("carryOverUntil"), allowNegativeBalance: form["allowNegativeBalance"] == "on",
          fromYear: text("fromYear").flatMap { Int($0) })
      }
    case .addLeaveType:
      return try leaveChange(context, principal: principal, done: done) {
        _ = try leaveSettings.createLeaveType(
          LeaveTypeChange(
            name: form["name"] ?? "", countsAgainstAllowance: form["counts"] == "on",
            needsApproval: form["approval"] == "on"),
          by: principal)
      }
    case .toggleLeaveType(let id):
      return try leaveChange(context, principal: principal, done: done) {
        let current = try leaveSettings.leaveTypes().items.first { $0.id == id }
        guard let current else { throw Problem.notFound(.noSuch(.leaveType, id: id)) }
        _ = try leaveSettings.updateLeaveType(id: id, LeaveTypeChange(active: !current.active), by: principal)
      }
    case .makeDefaultLeaveType(let id):
      return try leaveChange(context, principal: principal, done: done) {
        _ = try leaveSettings.updateLeaveType(id: id, LeaveTypeChange(default: true), by: principal)
      }
    case .addHoliday:
      let location = form["locationId"] ?? ""
      let date = CalendarDate(form["date"] ?? "")
      // Back on the holiday's own year and location, saying which one was added.
      return try leaveChange(
        context, principal: principal, location: location, year: date?.year, atHolidays: true, done: done,
        message: date.map { context(AdminText.holidayAdded(context.date($0), name: form["name"] ?? "")) }
      ) {
        guard let date else {
          throw Problem.invalid(ValidationFailure([FieldError(field: "date", rule: .date)]))
        }
        _ = try leaveSettings.createHoliday(
          NewHoliday(
            locationId: location, date: date, name: form["name"] ?? "",
            half: text("half").flatMap(DayHalf.init(rawValue:))),
          by: principal)
      }
    case .copyHolidays:
      let location = form["locationId"] ?? ""
      let year = text("fromYear").flatMap { Int($0) } ?? leaveSettings.thisYear()
      do {
        let result = try leaveSettings.copyHolidays(locationID: location, from: year, to: year + 1, by: principal)
        return done(
          .admin(.leave(location: location, year: year + 1)),
          context(AdminText.holidaysCopied(copied: result.copied, skipped: result.skipped, to: year + 1)))
      } catch {
        let problem = formProblem(error, in: context.language)
        return try leavePage(
          context, principal: principal, location: location, year: year, holidayError: problem.detail,
          status: problem.status)
      }
    case .deleteHoliday(let id):
      return try leaveChange(context, principal: principal, done: done) {
        try leaveSettings.deleteHoliday(id: id, by: principal)
      }
    case .setAllowance(let id):
      let person = try people.profile(id: id, principal: principal)
      do {
        guard let year = text("year").flatMap({ Int($0) }), let days = try halfDays("days") else {
          throw Problem.invalid(ValidationFailure([FieldError(field: "days", rule: .halfDayStep)]))
        }
        _ = try leaveSettings.setAllowance(AllowanceBody(days: days), employeeID: id, year: year, by: principal)
        return done(.admin(.person(id: id)))
      } catch {
        return try personForm(person, context: context, failure: error)
      }
    case .importForm:
      return html(AdminPages.importPeople(context, report: nil, csv: ""))
    case .mail:
      let outbox = OutboxService(environment: environment)
      // In the demo, mail is a folder of files: show what it wrote.
      let demoMails = (environment.mail?.transport as? MailFolder).map { folder in
        folder.messages(limit: 20).map { MailReading($0.message) }
      }
      return html(
        AdminPages.mail(
          context, status: try outbox.status(principal: principal),
          latest: try outbox.list(filter: .all, page: PageRequest(limit: 50), principal: principal).items,
          demoMails: demoMails))
    case .runImport:
      let csv = form["csv"] ?? ""
      do {
        let report = try peopleImport.run(csv: csv, dryRun: form["dryRun"] == "on", by: principal)
        // A saved import is told on the next page; a dry run or a refused file is this POST's
        // own answer, with each line's reason (sending it again changes nothing).
        if report.applied {
          return done(
            .admin(.importForm),
            context(.importSummary(report.created, report.updated, report.unchanged, report.refused)) + " "
              + context(.applied))
        }
        return html(AdminPages.importPeople(context, report: report.worded(in: context.language), csv: csv))
      } catch {
        let problem = formProblem(error, in: context.language)
        return html(
          AdminPages.importPeople(context, report: nil, csv: csv, error: problem.detail), status: problem.status)
      }
    }
  }

  /// Social accounts from the company form: one `network address` pair a line.
  private func socialAccounts(_ text: String) -> [SocialAccount] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let parts = line.split(separator: " ", maxSplits: 1).map { String($0).trimmingWhitespace }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
      return SocialAccount(network: parts[0], url: parts[1])
    }
  }

  private func directory(_ query: String?) throws -> [PersonSummary] {
    try people.directory(PeopleQuery(text: query, page: PageRequest(limit: 500))).items
  }

  private func personForm(
    _ person: PersonProfile?, context: WebContext, message: String? = nil, failure: (any Error)? = nil,
    status: Int = 200
  ) throws -> HTTPResponse {
    var errors: [String: String] = [:]
    var shown = message
    var code = status
    if let failure {
      let problem = formProblem(failure, in: context.language)
      for error in problem.errors ?? [] { errors[error.field] = error.message }
      if errors.isEmpty { shown = problem.detail }
      code = problem.status
    }
    return html(
      AdminPages.person(
        context, person, departments: try places.departments(PageRequest(limit: 1000)).items,
        locations: try places.locations(PageRequest(limit: 1000)).items, managers: try directory(nil), errors: errors,
        message: shown, allowanceYear: LeaveContext.date(of: environment.now(), in: .gmt).year,
        offersInvitation: environment.mail != nil), status: code)
  }

  private func placesPage(_ context: WebContext, error: String? = nil, status: Int = 200) throws -> HTTPResponse {
    html(
      AdminPages.places(
        context, locations: try places.locations(PageRequest(limit: 1000)).items,
        departments: try places.departments(PageRequest(limit: 1000)).items, error: error), status: status)
  }

  /// Runs a change to places and shows the page again, with the reason when it was refused
  /// (a place still in use is 409).
  private func placesChange(
    _ context: WebContext, done: (WebPage) -> HTTPResponse, _ change: () throws -> Void
  ) throws -> HTTPResponse {
    do {
      try change()
      return done(.admin(.places))
    } catch {
      let problem = formProblem(error, in: context.language)
      return try placesPage(context, error: problem.detail, status: problem.status)
    }
  }

  /// The sign-up settings' form, as saved.
  private func signUpForm(_ context: WebContext, _ principal: Principal, error: String? = nil) throws -> Node {
    AdminPages.signUpForm(
      context, try SignUpService(environment: environment).settings(principal: principal),
      departments: try places.departments(PageRequest(limit: 1000)).items,
      locations: try places.locations(PageRequest(limit: 1000)).items, error: error)
  }

  /// An error as the problem shown next to an admin form (the one mapping of `Problem.describing`);
  /// an unexpected one is logged under an id of its own, which the message names.
  func formProblem(_ error: any Error, in language: Language) -> Problem {
    Problem.describing(error, requestID: RequestID.make(), log: environment.log).localized(in: language)
  }
}
