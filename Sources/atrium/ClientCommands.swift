import AtriumAPI
import AtriumClient
import AtriumDomain
import Foundation

/// The command-line client: signs in to an Atrium server and works with time off, approvals
/// and the board through the SDK (`AtriumClient`), as the mobile apps do.
///
/// Exit codes: 0 done, 2 usage, 3 not signed in or not allowed, 4 refused by the server,
/// 5 offline or no answer.
enum ClientCommands {
  static let commands: Set<String> = [
    "login", "logout", "me", "leave", "approvals", "approve", "reject", "reopen", "board", "team", "company",
    "calendar",
  ]

  static let usage = """
      atrium login [--server URL] [--username U] [--password-stdin]
      atrium logout | me | company
      atrium leave [--year Y]
      atrium leave request START END [--start-half afternoon] [--end-half morning] [--note TEXT] [--yes]
      atrium leave cancel ID
      atrium approvals [--status pending|approved|rejected|cancelled|all]
      atrium approve ID | reject ID [--reason TEXT] | reopen ID
      atrium board [--unread] | team [QUERY] | calendar [--month YYYY-MM]
    Every command takes --json. The server comes from --server, ATRIUM_SERVER, or the last sign-in.
    """

  struct Exit: Error {
    let code: Int32
    let message: String
  }

  /// Runs a client command and exits with its code.
  static func run(_ arguments: [String], environment: [String: String]) -> Never {
    let finished = DispatchSemaphore(value: 0)
    let outcome = Box()
    Task {
      do {
        try await Self.execute(arguments, environment: environment)
        outcome.code = 0
      } catch let exit as Exit {
        FileHandle.standardError.write(Data("atrium: \(exit.message)\n".utf8))
        outcome.code = exit.code
      } catch {
        FileHandle.standardError.write(Data("atrium: \(error)\n".utf8))
        outcome.code = 4
      }
      finished.signal()
    }
    finished.wait()
    fflush(nil)
    exit(outcome.code)
  }

  private final class Box: @unchecked Sendable {
    var code: Int32 = 0
  }

  // MARK: - Commands

  private static func execute(_ arguments: [String], environment: [String: String]) async throws {
    var options = Options(arguments)
    let store = FileTokenStore(path: FileTokenStore.defaultPath(environment: environment))
    let language: ClientLanguage = (environment["LANG"] ?? "").hasPrefix("es") ? .es : .en
    let command = options.positional.removeFirst()
    let saved = store.load()
    let serverText =
      options.value("server") ?? environment["ATRIUM_SERVER"] ?? saved?.server ?? store.rememberedServer()
    if command == "login" {
      guard let serverText, let server = URL(string: serverText), server.scheme?.hasPrefix("http") == true else {
        throw Exit(code: 2, message: "give the server: --server http://host:port (or ATRIUM_SERVER)")
      }
      let username = try options.value("username") ?? prompt("Username: ")
      let password =
        options.flag("password-stdin") ? (readLine(strippingNewline: true) ?? "") : try secret("Password: ")
      let session = ClientSession(server: server, store: store)
      let user: User
      do {
        user = try await session.signIn(username: username, password: password)
      } catch .unauthorized {
        throw Exit(
          code: 3, message: language == .es ? "Usuario o contraseña incorrectos." : "Wrong username or password.")
      } catch {
        throw Exit(code: Self.exitCode(error), message: error.message(in: language))
      }
      print(options.flag("json") ? try json(user) : "Signed in to \(server.absoluteString) as \(user.displayName).")
      return
    }
    guard let saved, let server = URL(string: saved.server) else {
      throw Exit(code: 3, message: "not signed in: run atrium login --server URL")
    }
    let session = ClientSession(server: server, store: store)
    let asJSON = options.flag("json")
    let cache = try Self.cache(near: store)
    let stores = Repositories(
      leave: LiveLeaveRepository(session: session, cache: cache, language: language),
      approvals: LiveApprovalsRepository(session: session, cache: cache, language: language),
      board: LiveBoardRepository(session: session, cache: cache, language: language))
    if command != "logout" { await stores.replay() }
    switch command {
    case "logout":
      await session.signOut()
      print("Signed out.")
    case "me":
      let user = try await guarded(language) { try await session.call { try await $0.me() } }
      print(
        asJSON ? try json(user) : "\(user.displayName) (\(user.username)) · \(user.position) · \(user.role.rawValue)")
    case "company":
      let company = try await guarded(language) { try await session.call { try await $0.company() } }
      print(
        asJSON
          ? try json(company)
          : [company.name, company.phone, company.website, company.address].filter { !$0.isEmpty }.joined(
            separator: "\n"))
    case "leave":
      try await leave(&options, repository: stores.leave, language: language, asJSON: asJSON)
    case "approvals":
      let filter =
        try options.value("status").map { text -> ApprovalFilter in
          guard let filter = ApprovalFilter(rawValue: text) else {
            throw Exit(code: 2, message: "unknown status \(text)")
          }
          return filter
        } ?? .pending
      let items = try await offlineAware(language, cached: stores.approvals.cached(filter)) {
        try await stores.approvals.list(filter)
      }
      if asJSON { print(try json(Page(items: items, nextCursor: nil))); return }
      if items.isEmpty { print("Nothing here.") }
      for item in items {
        print(
          "\(item.request.id)  \(item.employee.displayName)  \(Self.dates(item.request))  \(format(item.request.days)) days  \(item.request.status.rawValue)"
        )
      }
    case "approve", "reject", "reopen":
      guard let id = options.positional.first else {
        throw Exit(code: 2, message: "which request? atrium \(command) ID")
      }
      let action = LeaveAction(rawValue: command)!
      let reason = options.value("reason")
      let outcome = try await guarded(language) { try await stores.approvals.decide(action, on: id, reason: reason) }
      switch outcome {
      case .done(let request): print(asJSON ? try json(request) : "\(request.id) is now \(request.status.rawValue).")
      case .queued: print(Self.queued)
      }
    case "board":
      let unread = options.flag("unread")
      let all = try await offlineAware(language, cached: stores.board.cached()) { try await stores.board.notices() }
      let items = unread ? all.filter { !$0.read } : all
      if asJSON { print(try json(Page(items: items, nextCursor: nil))); return }
      if items.isEmpty { print("No notices.") }
      for item in items { print("\(item.read ? " " : "•") \(item.createdAt.prefix(10))  \(item.title)") }
    case "team":
      let text = options.positional.first
      let page = try await guarded(language) {
        try await session.call { try await $0.people(PeopleQuery(text: text)) }
      }
      if asJSON { print(try json(page)); return }
      for person in page.items {
        print("\(person.displayName)  \(person.position)  \(person.department.name)  \(person.location.name)")
      }
    case "calendar":
      let month = options.value("month")
      let calendar = try await guarded(language) { try await session.call { try await $0.teamCalendar(month: month) } }
      if asJSON { print(try json(calendar)); return }
      print(CalendarText.grid(calendar))
    default:
      throw Exit(code: 2, message: "unknown command \(command)\n\n\(usage)")
    }
  }

  private static func leave(
    _ options: inout Options, repository: LiveLeaveRepository, language: ClientLanguage, asJSON: Bool
  ) async throws {
    switch options.positional.first {
    case nil:
      let year = try options.value("year").map { text -> Int in
        guard let year = Int(text) else { throw Exit(code: 2, message: "--year takes a year, got \(text)") }
        return year
      }
      let leave = try await offlineAware(language, cached: repository.cachedYear(year)) {
        try await repository.year(year)
      }
      if asJSON { print(try json(leave)); return }
      print(
        "\(leave.year): allowance \(format(leave.allowance)), carried over \(format(leave.carriedOver)), approved \(format(leave.approved)), pending \(format(leave.pending)), remaining \(format(leave.remaining))"
      )
      for request in leave.requests {
        print("\(request.id)  \(dates(request))  \(format(request.days)) days  \(request.status.rawValue)")
      }
    case "request":
      guard options.positional.count >= 3, let start = CalendarDate(options.positional[1]),
        let end = CalendarDate(options.positional[2])
      else { throw Exit(code: 2, message: "atrium leave request START END (dates as YYYY-MM-DD)") }
      let startHalf =
        try options.value("start-half").map { text -> StartHalf in
          guard let half = StartHalf(rawValue: text) else {
            throw Exit(code: 2, message: "--start-half is full or afternoon")
          }
          return half
        } ?? .full
      let endHalf =
        try options.value("end-half").map { text -> EndHalf in
          guard let half = EndHalf(rawValue: text) else {
            throw Exit(code: 2, message: "--end-half is full or morning")
          }
          return half
        } ?? .full
      let query = LeaveQuery(start: start, end: end, startHalf: startHalf, endHalf: endHalf)
      let note = options.value("note")
      let request = NewLeaveRequest(start: start, end: end, startHalf: startHalf, endHalf: endHalf, note: note)
      let preview: LeavePreview
      do {
        preview = try await repository.preview(query)
      } catch .offline {
        // Without the server the days cannot be counted; with --yes the request waits for it.
        guard options.flag("yes") else {
          throw Exit(
            code: 5, message: "offline: the days cannot be checked now; add --yes to save the request and send it later"
          )
        }
        if case .queued = try await guarded(language, { try await repository.request(request) }) { print(Self.queued) }
        return
      } catch {
        throw Exit(code: exitCode(error), message: error.message(in: language))
      }
      let others = Set(preview.conflicts.flatMap { $0.people.map(\.displayName) }).sorted()
      print(
        "This request takes \(format(preview.days)) working days."
          + (others.isEmpty ? "" : " Also off then: \(others.joined(separator: ", "))."))
      if !options.flag("yes") {
        print("Send it? [y/N] ", terminator: "")
        fflush(nil)
        guard readLine()?.lowercased().hasPrefix("y") == true else {
          print("Not sent.")
          return
        }
      }
      switch try await guarded(language, { try await repository.request(request) }) {
      case .done(let saved):
        print(asJSON ? try json(saved) : "Requested: \(saved.request.id) (\(saved.request.status.rawValue)).")
      case .queued:
        print(Self.queued)
      }
    case "cancel":
      guard options.positional.count >= 2 else { throw Exit(code: 2, message: "atrium leave cancel ID") }
      let id = options.positional[1]
      switch try await guarded(language, { try await repository.cancel(id) }) {
      case .done(let request): print(asJSON ? try json(request) : "\(request.id) is now \(request.status.rawValue).")
      case .queued: print(Self.queued)
      }
    default:
      throw Exit(code: 2, message: "unknown leave command\n\n\(usage)")
    }
  }

  // MARK: - Offline

  static let queued = "Offline: saved, and sent the next time atrium reaches the server."

  /// The repositories of the signed-in commands, over one cache file.
  struct Repositories {
    let leave: LiveLeaveRepository
    let approvals: LiveApprovalsRepository
    let board: LiveBoardRepository

    /// Sends what was saved offline, oldest first, and says what the server refused.
    func replay() async {
      let results = await leave.replayOutbox() + approvals.replayOutbox() + board.replayOutbox()
      let sent = results.filter { $0.refusal == nil }.count
      if sent > 0 { FileHandle.standardError.write(Data("Sent \(sent) change(s) saved while offline.\n".utf8)) }
      for refusal in results.compactMap(\.refusal) {
        FileHandle.standardError.write(Data("Not sent (saved while offline): \(refusal)\n".utf8))
      }
    }
  }

  /// The cache file next to the session file.
  static func cache(near store: FileTokenStore) throws -> ClientCache {
    let folder = (store.path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return try ClientCache(path: folder + "/cache.sqlite")
  }

  /// A fresh answer, or offline the last saved copy, said so on stderr.
  private static func offlineAware<T>(
    _ language: ClientLanguage, cached: T?, _ call: () async throws -> T
  ) async throws -> T {
    do {
      return try await guarded(language, call)
    } catch let exit as Exit where exit.code == 5 {
      guard let cached else { throw exit }
      FileHandle.standardError.write(Data("Offline: showing the last saved copy.\n".utf8))
      return cached
    }
  }

  // MARK: - Helpers

  /// Runs a call and turns its error into the exit code and the SDK's message for people.
  private static func guarded<T>(_ language: ClientLanguage, _ call: () async throws -> T) async throws -> T {
    do {
      return try await call()
    } catch let error as APIError {
      throw Exit(code: exitCode(error), message: error.message(in: language))
    }
  }

  private static func exitCode(_ error: APIError) -> Int32 {
    switch error {
    case .unauthorized, .forbidden: 3
    case .offline, .timeout: 5
    default: 4
    }
  }

  private static func prompt(_ text: String) throws -> String {
    print(text, terminator: "")
    fflush(nil)
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
      throw Exit(code: 2, message: "nothing entered")
    }
    return line
  }

  /// A password typed without echo when there is a terminal.
  private static func secret(_ text: String) throws -> String {
    if isatty(0) == 1, let typed = getpass(text) { return String(cString: typed) }
    return try prompt(text)
  }

  private static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func format(_ days: HalfDays) -> String {
    days.halves % 2 == 0 ? String(days.halves / 2) : String(format: "%.1f", days.days)
  }

  static func dates(_ request: LeaveRequestBody) -> String {
    request.start == request.end
      ? request.start.description : "\(request.start.description)..\(request.end.description)"
  }
}

/// Flags (`--name value`, `--flag`) and positional words.
struct Options {
  var positional: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  private static let booleans: Set<String> = ["json", "yes", "unread", "password-stdin"]

  init(_ arguments: [String]) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        let name = String(argument.dropFirst(2))
        if Self.booleans.contains(name) {
          flags.insert(name)
        } else if index + 1 < arguments.count {
          values[name] = arguments[index + 1]
          index += 1
        }
      } else {
        positional.append(argument)
      }
      index += 1
    }
  }

  func value(_ name: String) -> String? { values[name] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// The team calendar as text: a row per person, a column per day, labelled as the SDK's
/// `TeamCalendarViewModel` does (A approved, P pending, H holiday, · weekend, ½ half a day).
enum CalendarText {
  static func grid(_ calendar: TeamCalendar) -> String {
    let width = min(24, calendar.people.map(\.displayName.count).max() ?? 4)
    var lines = [
      calendar.month.padding(toLength: width, withPad: " ", startingAt: 0) + " "
        + calendar.days.map { String(format: "%2d", $0.day) }.joined(separator: " ")
    ]
    for person in calendar.people {
      let cells = Dictionary(person.days.map { ($0.date, $0) }) { first, _ in first }
      let row = calendar.days.map { day -> String in
        let label = cells[day].map(TeamCalendarViewModel.label) ?? "."
        return String(repeating: " ", count: max(0, 2 - label.count)) + label
      }
      lines.append(
        String(person.displayName.prefix(width)).padding(toLength: width, withPad: " ", startingAt: 0) + " "
          + row.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }
}
