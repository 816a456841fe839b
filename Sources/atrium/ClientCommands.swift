import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumLog
import AtriumMessages
import AtriumServices
import Foundation

/// The command-line client: signs in to an Atrium server and works with time off, approvals,
/// the board, the team, the calendar and the company through the SDK (`AtriumClient`), as the
/// mobile apps do: readable output comes from the view models (`ClientScreens`), `--json`
/// prints the API's bodies from the repositories.
///
/// Exit codes: 0 done, 2 usage, 3 not signed in (or the session ended), 4 refused by the
/// server (not allowed included), 5 offline or no answer.
enum ClientCommands {
  static let commands = Set([
    "login", "logout", "me", "leave", "approvals", "approve", "reject", "reopen", "board", "team", "company",
    "calendar", "password", "account",
  ]).union(ClientPresenceCommands.commands).union(ClientTaskCommands.commands).union(ClientSensorCommands.commands)

  struct Exit: Error {
    let code: Int32
    let message: String
  }

  /// Runs a client command and exits with its code. The view models live on the main actor,
  /// so the main thread serves the main queue (`dispatchMain`) instead of waiting.
  static func run(_ arguments: [String], environment: [String: String]) -> Never {
    Task { @MainActor in
      var code: Int32 = 0
      do {
        try await Self.execute(arguments, environment: environment)
      } catch let exit as Exit {
        FileHandle.standardError.write(Data("atrium: \(exit.message)\n".utf8))
        code = exit.code
      } catch {
        FileHandle.standardError.write(Data("atrium: \(error)\n".utf8))
        code = 4
      }
      fflush(nil)
      exit(code)
    }
    dispatchMain()
  }

  // MARK: - Commands

  @MainActor
  private static func execute(_ arguments: [String], environment: [String: String]) async throws {
    var options = Options(arguments)
    let store = FileTokenStore(path: FileTokenStore.defaultPath(environment: environment))
    let language = Self.language(environment: environment)
    let command = options.positional.removeFirst()
    let login = LoginViewModel(store: store, language: language)
    let asJSON = options.flag("json")
    switch command {
    case "login":
      try await ClientScreens.signIn(login, options: options, environment: environment)
      if asJSON, let session = login.session {
        print(try json(try await guarded(language) { try await session.call { try await $0.me() } }))
      }
      return
    case "logout":
      await login.signOutTapped()
      print(AppText.signedOut.text(in: language))
      return
    case "password":
      return try await ClientAccountCommands.password(options, server: login.state.server, environment: environment)
    default:
      break
    }
    guard let session = login.session else {
      throw Exit(code: 3, message: CommandLineText.notSignedIn.text(in: language))
    }
    let cache = try Self.cache(near: store)
    if command == "account" { return try await ClientAccountCommands.account(options, session, cache, language) }
    let stores = Repositories(session: session, cache: cache, language: language)
    let refused = await stores.replay()
    let screens = ClientScreens(stores: stores, language: language)
    if ClientTaskCommands.commands.contains(command) {
      try await ClientTaskCommands.perform(
        command, options, repository: stores.tasks, viewerID: session.userID ?? "", language: language,
        asJSON: asJSON)
    } else if ClientSensorCommands.commands.contains(command) {
      try await ClientSensorCommands.perform(
        command, options, repository: stores.sensors, language: language, asJSON: asJSON)
    } else if ClientPresenceCommands.commands.contains(command) {
      try await ClientPresenceCommands.perform(
        command, options, presence: stores.presence, people: stores.people, language: language, asJSON: asJSON)
    } else {
      try await perform(command, &options, stores: stores, screens: screens, language: language, asJSON: asJSON)
    }
    // The command answered; a saved change the server refused still makes this a refusal.
    if refused > 0 {
      throw Exit(code: 4, message: CommandLineText.refusedSavedChanges(refused).text(in: language))
    }
  }

  @MainActor
  private static func perform(
    _ command: String, _ options: inout Options, stores: Repositories, screens: ClientScreens,
    language: ClientLanguage, asJSON: Bool
  ) async throws {
    switch command {
    case "me":
      if asJSON {
        print(try json(try await guarded(language) { try await stores.people.me() }))
      } else {
        try await screens.me()
      }
    case "company":
      if asJSON {
        print(
          try json(
            try await offlineAware(language, cached: stores.company.cachedCompany()) {
              try await stores.company.company()
            }))
      } else {
        try await screens.company()
      }
    case "leave":
      try await leave(&options, stores: stores, screens: screens, language: language, asJSON: asJSON)
    case "approvals":
      let filter =
        try options.value("status").map { text -> ApprovalFilter in
          guard let filter = ApprovalFilter(rawValue: text) else {
            throw Exit(code: 2, message: CommandLineText.unknownStatus(text).text(in: language))
          }
          return filter
        } ?? .pending
      if asJSON {
        let items = try await offlineAware(language, cached: stores.approvals.cached(filter)) {
          try await stores.approvals.list(filter)
        }
        print(try json(Page(items: items, nextCursor: nil)))
      } else {
        try await screens.approvals(filter)
      }
    case "approve", "reject", "reopen":
      guard let id = options.positional.first else {
        throw Exit(code: 2, message: CommandLineText.whichRequest(command: command).text(in: language))
      }
      let action = LeaveAction(rawValue: command)!
      let reason = options.value("reason")
      if options.positional.count > 1, let batchAction = DecisionBatch.Action(rawValue: command) {
        if asJSON {
          let decisions = options.positional.map {
            DecisionBatch.Decision(requestId: $0, action: batchAction, reason: reason)
          }
          let outcome = try await guarded(language) { try await stores.approvals.decideAll(decisions) }
          if case .done(let answer) = outcome { print(try json(answer)) } else { print(#"{"queued": true}"#) }
        } else {
          try await screens.decideAll(batchAction, on: options.positional, reason: reason)
        }
      } else if asJSON {
        let outcome = try await guarded(language) { try await stores.approvals.decide(action, on: id, reason: reason) }
        if case .done(let request) = outcome { print(try json(request)) } else { print(#"{"queued": true}"#) }
      } else {
        try await screens.decide(action, on: id, reason: reason)
      }
    case "board" where options.positional.first == "read":
      guard options.positional.count >= 2 else {
        throw Exit(code: 2, message: CommandLineText.boardReadNeedsID.text(in: language))
      }
      try await screens.markRead(options.positional[1])
    case "board":
      let unread = options.flag("unread")
      if asJSON {
        let all = try await offlineAware(language, cached: stores.board.cached()) { try await stores.board.notices() }
        print(try json(Page(items: unread ? all.filter { !$0.read } : all, nextCursor: nil)))
      } else {
        try await screens.board(unreadOnly: unread)
      }
    case "team":
      let text = options.positional.first ?? ""
      if asJSON {
        let query = PeopleQuery(text: text.isEmpty ? nil : text)
        print(
          try json(
            try await offlineAware(language, cached: stores.people.cachedDirectory(query)) {
              try await stores.people.directory(query)
            }))
      } else {
        try await screens.team(text)
      }
    case "calendar":
      let month = try options.value("month").map { text -> String in
        guard text.count == 7, TeamCalendarViewModel.shift(text, by: 0) == text else {
          throw Exit(code: 2, message: CommandLineText.monthFormat(text).text(in: language))
        }
        return text
      }
      if asJSON {
        print(try json(try await guarded(language) { try await stores.company.calendar(month) }))
      } else {
        try await screens.calendar(month)
      }
    default:
      throw Exit(code: 2, message: CommandLineText.unknownCommand(command).text(in: language))
    }
  }

  @MainActor
  private static func leave(
    _ options: inout Options, stores: Repositories, screens: ClientScreens, language: ClientLanguage, asJSON: Bool
  ) async throws {
    switch options.positional.first {
    case nil:
      let year = try options.value("year").map { text -> Int in
        guard let year = Int(text) else {
          throw Exit(code: 2, message: CommandLineText.yearFormat(text).text(in: language))
        }
        return year
      }
      if asJSON {
        print(
          try json(
            try await offlineAware(language, cached: stores.leave.cachedYear(year)) {
              try await stores.leave.year(year)
            }))
      } else {
        try await screens.leave(year: year)
      }
    case "request":
      guard options.positional.count >= 3, let start = CalendarDate(options.positional[1]),
        let end = CalendarDate(options.positional[2])
      else { throw Exit(code: 2, message: CommandLineText.leaveRequestUsage.text(in: language)) }
      let startHalf =
        try options.value("start-half").map { text -> StartHalf in
          guard let half = StartHalf(rawValue: text) else {
            throw Exit(code: 2, message: CommandLineText.startHalfValues.text(in: language))
          }
          return half
        } ?? .full
      let endHalf =
        try options.value("end-half").map { text -> EndHalf in
          guard let half = EndHalf(rawValue: text) else {
            throw Exit(code: 2, message: CommandLineText.endHalfValues.text(in: language))
          }
          return half
        } ?? .full
      let note = options.value("note") ?? ""
      if asJSON {
        guard options.flag("yes") else {
          throw Exit(code: 2, message: CommandLineText.jsonRequestsNeedYes.text(in: language))
        }
        let request = NewLeaveRequest(
          start: start, end: end, startHalf: startHalf, endHalf: endHalf, note: note.isEmpty ? nil : note)
        let outcome = try await guarded(language) { try await stores.leave.request(request) }
        if case .done(let saved) = outcome { print(try json(saved)) } else { print(#"{"queued": true}"#) }
      } else {
        try await screens.request(
          start: start, end: end, startHalf: startHalf, endHalf: endHalf, note: note, confirmed: options.flag("yes"))
      }
    case "cancel":
      guard options.positional.count >= 2 else {
        throw Exit(code: 2, message: CommandLineText.leaveCancelUsage.text(in: language))
      }
      let id = options.positional[1]
      if asJSON {
        let outcome = try await guarded(language) { try await stores.leave.cancel(id) }
        if case .done(let request) = outcome { print(try json(request)) } else { print(#"{"queued": true}"#) }
      } else {
        try await screens.cancel(id)
      }
    default:
      throw Exit(code: 2, message: CommandLineText.unknownLeaveCommand.text(in: language))
    }
  }

  // MARK: - Offline

  /// The cache file next to the session file.
  static func cache(near store: FileTokenStore) throws -> ClientCache {
    let folder = (store.path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return try ClientCache(path: folder + "/cache.sqlite")
  }

  /// A fresh answer, or offline the last saved copy, said so on stderr.
  @MainActor static func offlineAware<T>(
    _ language: ClientLanguage, cached: T?, _ call: () async throws -> T
  ) async throws -> T {
    do {
      return try await guarded(language, call)
    } catch let exit as Exit where exit.code == 5 {
      guard let cached else { throw exit }
      FileHandle.standardError.write(Data((CommandLineText.showingSavedCopy.text(in: language) + "\n").utf8))
      return cached
    }
  }

  // MARK: - Helpers

  /// Runs a call and turns its error into the exit code and the SDK's message for people.
  @MainActor static func guarded<T>(_ language: ClientLanguage, _ call: () async throws -> T) async throws -> T {
    do {
      return try await call()
    } catch let error as APIError {
      throw Exit(code: exitCode(error), message: error.message(in: language))
    }
  }

  static func exitCode(_ error: APIError) -> Int32 {
    switch error {
    case .unauthorized: 3
    case .offline, .timeout, .notKept: 5
    default: 4
    }
  }

  static func prompt(_ text: String, language: ClientLanguage) throws -> String {
    print(text, terminator: "")
    fflush(nil)
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
      throw Exit(code: 2, message: CommandLineText.nothingEntered.text(in: language))
    }
    return line
  }

  /// A password typed without echo when there is a terminal.
  static func secret(_ text: String, language: ClientLanguage) throws -> String {
    if isatty(0) == 1, let typed = getpass(text) { return String(cString: typed) }
    return try prompt(text, language: language)
  }

  /// The command line's language: Spanish when `LANG` says so, English otherwise.
  static func language(environment: [String: String]) -> ClientLanguage {
    (environment["LANG"] ?? "").hasPrefix("es") ? .es : .en
  }

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
