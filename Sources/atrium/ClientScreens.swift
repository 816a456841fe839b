import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumLog
import AtriumMessages
import AtriumServices
import Foundation

/// The client commands' readable output: each command drives the SDK's view model for its
/// screen, as an app would, and prints the state it ends in. Failures become exit codes from
/// what the state says: signed out 3, offline 5 (unless the last copy is shown), refused 4.
@MainActor
struct ClientScreens {
  let stores: ClientCommands.Repositories
  let language: ClientLanguage

  typealias Exit = ClientCommands.Exit

  /// Throws the state's failure, except offline with something to show: then a notice on
  /// stderr, and the last copy is printed.
  private func check(_ state: some ScreenState, showing hasContent: Bool) throws {
    guard let error = state.error else { return }
    if state.isOffline && hasContent {
      FileHandle.standardError.write(Data((CommandLineText.showingSavedCopy.text(in: language) + "\n").utf8))
      return
    }
    throw Exit(code: state.isSignedOut ? 3 : state.isOffline ? 5 : 4, message: error)
  }

  static func signIn(_ login: LoginViewModel, options: Options, environment: [String: String]) async throws {
    let language = ClientCommands.language(environment: environment)
    guard let server = options.value("server") ?? environment["ATRIUM_SERVER"] ?? login.state.server.nonEmpty else {
      throw Exit(code: 2, message: CommandLineText.giveTheServer.text(in: language))
    }
    login.serverChanged(server)
    login.usernameChanged(
      try options.value("username")
        ?? ClientCommands.prompt(CommandLineText.usernamePrompt.text(in: language), language: language))
    login.passwordChanged(
      options.flag("password-stdin")
        ? (readLine(strippingNewline: true) ?? "")
        : try ClientCommands.secret(CommandLineText.passwordPrompt.text(in: language), language: language))
    await login.signInTapped()
    if let error = login.state.serverError { throw Exit(code: 2, message: error) }
    if let error = login.state.error { throw Exit(code: login.state.isOffline ? 5 : 3, message: error) }
    guard let name = login.state.signedInAs else {
      throw Exit(code: 2, message: CommandLineText.giveCredentials.text(in: language))
    }
    if !options.flag("json") {
      print(CommandLineText.signedIn(server: login.state.server, name: name).text(in: language))
    }
  }

  func me() async throws {
    let model = ProfileViewModel(repository: stores.people, language: language)
    await model.appeared()
    let state = model.state
    try check(state, showing: !state.name.isEmpty)
    print([state.name, state.position, state.place].filter { !$0.isEmpty }.joined(separator: " · "))
    for line in [state.email, state.phone, state.manager.map { CommandLineText.manager($0).text(in: language) }]
      .compactMap({ $0 })
    { print(line) }
  }

  func company() async throws {
    let model = CompanyViewModel(repository: stores.company, language: language)
    await model.appeared()
    let state = model.state
    try check(state, showing: !state.name.isEmpty)
    print(
      ([state.name, state.phone, state.website?.absoluteString, state.address].compactMap { $0 } + state.social)
        .joined(separator: "\n"))
  }

  func leave(year: Int?) async throws {
    let model = LeaveViewModel(repository: stores.leave, language: language)
    if let year { await model.yearChanged(to: year) } else { await model.appeared() }
    let state = model.state
    try check(state, showing: !state.allowance.isEmpty)
    let carried = state.carried.map { " · \($0)" } ?? ""
    print("\(state.title): \(state.allowance)\(carried) · \(state.remaining) · \(state.pending)")
    print(state.sum)
    for row in state.requests { print("\(row.id)  \(row.dates)  \(row.type)  \(row.days)  \(row.status)") }
    if state.waitingWrites > 0 { print(CommandLineText.changesWaiting(state.waitingWrites).text(in: language)) }
  }

  func request(
    start: CalendarDate, end: CalendarDate, startHalf: StartHalf, endHalf: EndHalf, note: String, confirmed: Bool
  ) async throws {
    let model = LeaveViewModel(repository: stores.leave, language: language)
    await model.previewTapped(start: start, end: end, startHalf: startHalf, endHalf: endHalf, note: note)
    if let error = model.state.error, !model.state.isOffline {
      throw Exit(code: model.state.isSignedOut ? 3 : 4, message: error)
    }
    if let preview = model.state.preview { print(preview) }
    if model.state.isOffline && !confirmed {
      throw Exit(code: 5, message: CommandLineText.offlineAddYes.text(in: language))
    }
    if !confirmed {
      print(AppText.sendIt.text(in: language), terminator: "")
      fflush(nil)
      let answer = readLine()?.lowercased() ?? ""
      guard answer.hasPrefix("y") || answer.hasPrefix("s") else {
        print(AppText.notSentOnRequest.text(in: language))
        return
      }
    }
    await model.sendTapped()
    if let message = model.state.message {
      print(message)
    } else if let error = model.state.error {
      throw Exit(code: model.state.isSignedOut ? 3 : model.state.isOffline ? 5 : 4, message: error)
    }
  }

  func cancel(_ id: String) async throws {
    let model = LeaveViewModel(repository: stores.leave, language: language)
    await model.cancelTapped(id: id)
    try check(model.state, showing: false)
    if let row = model.state.requests.first(where: { $0.id == id }) {
      print("\(row.id)  \(row.dates)  \(row.status)")
    } else {
      print(model.state.message ?? id)
    }
  }

  func approvals(_ filter: ApprovalFilter) async throws {
    let model = ApprovalsViewModel(repository: stores.approvals, language: language)
    await model.filterChanged(to: filter)
    let state = model.state
    try check(state, showing: !state.rows.isEmpty || state.emptyText != nil && !state.isOffline)
    if let empty = state.emptyText { print(empty) }
    for row in state.rows { print("\(row.id)  \(row.name)  \(row.dates)  \(row.type)  \(row.days)  \(row.status)") }
  }

  func decide(_ action: LeaveAction, on id: String, reason: String?) async throws {
    let model = RequestDetailViewModel(requestID: id, repository: stores.approvals, language: language)
    switch action {
    case .approve: await model.approveTapped()
    case .reject: await model.rejectTapped(reason: reason)
    default: await model.reopenTapped(reason: reason)
    }
    let state = model.state
    if let message = state.message {
      print(message)
      return
    }
    try check(state, showing: false)
    print("\(id)  \(state.name)  \(state.dates)  \(state.status)")
  }

  /// Several requests decided in one call: a line per request with its new state or why it
  /// was refused; any refusal makes the command fail (exit 4) after every line is printed.
  func decideAll(_ action: DecisionBatch.Action, on ids: [String], reason: String?) async throws {
    let decisions = ids.map { DecisionBatch.Decision(requestId: $0, action: action, reason: reason) }
    let outcome = try await ClientCommands.guarded(language) { try await stores.approvals.decideAll(decisions) }
    guard case .done(let answer) = outcome else {
      print(AppText.savedForLater.text(in: language))
      return
    }
    var refused = 0
    for result in answer.results {
      if let request = result.request {
        print("\(result.requestId)  \(PageText.status(request.status).text(in: language))")
      } else {
        refused += 1
        print("\(result.requestId)  \(result.problem?.detail ?? "HTTP \(result.status)")")
      }
    }
    if refused > 0 {
      throw ClientCommands.Exit(
        code: 4,
        message: AppText.bulkDone(approve: action == .approve, done: answer.results.count - refused, refusals: [])
          .text(in: language))
    }
  }

  func board(unreadOnly: Bool) async throws {
    let model = BoardViewModel(repository: stores.board, language: language)
    await model.appeared()
    let state = model.state
    try check(state, showing: !state.rows.isEmpty)
    let rows = unreadOnly ? state.rows.filter(\.isUnread) : state.rows
    print(state.unreadText)
    for row in rows { print("\(row.id)  \(row.isUnread ? "•" : " ") \(row.date)  \(row.title)") }
  }

  /// Marks a notice read: at once when online, else saved and sent by the next command.
  func markRead(_ id: String) async throws {
    let model = BoardViewModel(repository: stores.board, language: language)
    await model.appeared()
    try check(model.state, showing: !model.state.rows.isEmpty)
    guard model.state.rows.contains(where: { $0.id == id }) else {
      throw Exit(code: 4, message: APIError.notFound.message(in: language))
    }
    await model.markReadTapped(id: id)
    try check(model.state, showing: true)
    print(model.state.unreadText)
  }

  func team(_ text: String) async throws {
    let model = TeamViewModel(repository: stores.people, language: language, pageSize: 200)
    await model.queryChanged(text)
    let state = model.state
    try check(state, showing: !state.rows.isEmpty)
    if let empty = state.emptyText { print(empty) }
    for row in state.rows { print("\(row.name)  \(row.detail)  \(row.location)") }
  }

  /// The month as a grid: a row per person, a column per day, labelled as the view model
  /// labels them (A approved, P pending, H holiday, · weekend, ½ half a day).
  func calendar(_ month: String?) async throws {
    let model = TeamCalendarViewModel(repository: stores.company, language: language)
    if let month { await model.monthChosen(month) } else { await model.appeared() }
    let state = model.state
    try check(state, showing: !state.days.isEmpty)
    let width = min(24, state.rows.map(\.name.count).max() ?? 4)
    func cell(_ text: String) -> String { String(repeating: " ", count: max(0, 2 - text.count)) + text }
    print(
      state.month.padding(toLength: width, withPad: " ", startingAt: 0) + " "
        + state.days.map { cell(String($0)) }.joined(separator: " "))
    for row in state.rows {
      print(
        String(row.name.prefix(width)).padding(toLength: width, withPad: " ", startingAt: 0) + " "
          + row.cells.map { cell($0.isEmpty ? "." : $0) }.joined(separator: " "))
    }
  }
}

extension String {
  var nonEmpty: String? { isEmpty ? nil : self }
}
