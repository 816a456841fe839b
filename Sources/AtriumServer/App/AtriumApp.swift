import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// The composition root of the server: builds the services from the environment and answers
/// every HTTP request (routing, authentication, idempotency, errors as problem details).
public final class AtriumApp: HTTPResponder {
  /// The largest JSON body any endpoint accepts unless it says otherwise.
  public static let defaultBodyLimit = EndpointRules.BodyLimit.standard.bytes
  /// The methods whose endpoints may accept more than `defaultBodyLimit`.
  static let bodyMethods: Set<String> = ["POST", "PUT", "PATCH"]

  package let environment: ServerEnvironment
  /// Names this process among the instances that share the database (job claims).
  let instanceID = UUID().uuidString.lowercased()
  let auth: AuthService
  let places: PlacesService
  let users = UserPresenter()
  let idempotency: Idempotency
  let contract: OpenAPIDocument
  let leave: LeaveService
  let leaveQueries: LeaveQueries
  let approvals: ApprovalService
  let leaveSettings: LeaveSettingsService
  let calendarFeeds: CalendarFeedService
  let people: PeopleService
  let company: CompanyService
  let accounts: AccountService
  let board: BoardService
  let settings: SettingsService
  let peopleImport: PeopleImport
  let liveEvents: LiveEvents
  let photos: PhotoService
  let timeline: TimelineService
  let feeds: FeedService
  let directoryAdmin: DirectoryAdmin
  /// The sensors' broker connection; nil when no broker is configured.
  public let sensorBroker: SensorBroker?
  /// Sensors' new values to open pages, once a second.
  let sensorLiveValues: SensorLiveValues
  let webSessions: WebSessions
  let web: WebApp
  let teamCalendar: TeamCalendarService
  let sessions: SessionsService

  /// Stops hearing of the changes other instances make to what this one keeps in memory.
  private let stopListening: @Sendable () -> Void

  /// The notification-kinds extension point: a section adds its kinds here, in the order
  /// Settings shows them.
  public static let notificationKinds: [RegisteredNotificationKind] = [
    .leaveDecisions, .approvalsWaiting, .companyNotices, .mateCheckIns, .taskAssigned, .sensorAlerts,
  ]

  /// The erasure-hooks extension point: what each section takes away when an account is
  /// erased, in order (the outbox reads the board's notices before the board deletes them).
  public static let erasureHooks: [ErasureHook] = [
    .outbox, .board, .timeline, .settings, .leave, .presence, .tasks, .sensors, .records,
  ]

  public init(environment: ServerEnvironment) throws {
    var registered = environment
    registered.notificationKinds = Self.notificationKinds
    registered.erasureHooks = Self.erasureHooks
    let (environment, stopListening) = registered.withInstanceMemory()
    self.environment = environment
    self.stopListening = stopListening
    let directory = CurrentDirectory(environment: environment)
    self.auth = try AuthService(environment: environment, users: users, directory: directory)
    self.places = PlacesService(environment: environment)
    self.idempotency = Idempotency(environment: environment)
    self.contract = try OpenAPIDocument.load()
    self.leave = LeaveService(environment: environment)
    self.leaveQueries = LeaveQueries(environment: environment)
    self.approvals = ApprovalService(environment: environment)
    self.leaveSettings = LeaveSettingsService(environment: environment)
    self.calendarFeeds = CalendarFeedService(environment: environment)
    self.people = PeopleService(environment: environment)
    self.company = CompanyService(environment: environment)
    self.accounts = AccountService(environment: environment, auth: auth)
    self.board = BoardService(environment: environment) { NoticeMarkdown.bodyHTML($0, isCompany: $1) }
    self.settings = SettingsService(environment: environment)
    self.peopleImport = PeopleImport(environment: environment)
    self.liveEvents = LiveEvents(environment: environment)
    self.photos = PhotoService(environment: environment)
    self.timeline = TimelineService(environment: environment)
    self.directoryAdmin = DirectoryAdmin(environment: environment, directory: directory)
    self.sensorBroker = environment.sensors.map { SensorBroker(settings: $0, environment: environment) }
    self.sensorLiveValues = SensorLiveValues(environment: environment, liveEvents: liveEvents)
    self.webSessions = WebSessions(environment: environment, sessions: WebSessionService(environment: environment))
    self.teamCalendar = TeamCalendarService(environment: environment)
    self.feeds = FeedService(environment: environment)
    self.sessions = SessionsService(environment: environment)
    self.web = WebApp(
      environment: environment, auth: auth, accounts: accounts, webSessions: webSessions, people: people,
      photos: photos, peopleImport: peopleImport, places: places, company: company, settings: settings, leave: leave,
      leaveQueries: leaveQueries, leaveSettings: leaveSettings, teamCalendar: teamCalendar,
      calendarFeeds: calendarFeeds, board: board, timeline: timeline, feeds: feeds, sessions: sessions,
      sensors: SensorService(environment: environment, accounts: sensorBroker?.accounts, ingest: sensorBroker?.ingest),
      extensions: WebExtensions(
        personActions: PersonAction.reach + [
          .timeOff(leaveQueries), .addToMates(environment), .giveATask(environment), .editOwnProfile,
        ],
        settingsPanels: [
          .calendarFeed(calendarFeeds), .presence(environment), .devices(settings), .browserPush(settings),
          .sessions(sessions), .email, .deleteAccount,
        ],
        homeCards: [
          .approvalsWaiting(leaveQueries), .timeOffToday(leaveQueries), .unreadNotices(board),
          .openTasks(environment), .sensorAlerts(environment), .matesToday(environment), .timeline(timeline),
        ]))
  }

  deinit {
    liveEvents.stop()
    stopListening()
  }

  // MARK: - HTTPResponder

  public func bodyLimit(method: String, path: String) -> Int {
    // Only uploads have a larger limit, and they come with a body method (`BodyLimitTests`):
    // every other request is routed once, not here too (`make bench-cost`).
    guard Self.bodyMethods.contains(method) else { return Self.defaultBodyLimit }
    if Self.isAPI(path) { return Route.rules(method: method, path: path)?.bodyLimit.bytes ?? Self.defaultBodyLimit }
    return WebPage(method: method, path: path, query: [:])?.rules.bodyLimit.bytes ?? Self.defaultBodyLimit
  }

  /// Releases the Idempotency-Keys of requests that never got an answer, so their retries
  /// run (see `IdempotencyStore.releaseUnfinished`), and on SQLite the outbox rows a sender
  /// had claimed (`OutboxStore.releaseClaims`; on PostgreSQL other instances may be sending
  /// them, and a dead instance's claims lapse). Only for `atrium serve` at start-up, holding
  /// the data folder's lock: other commands may run beside a live server.
  @discardableResult
  public func releaseUnfinishedRequests() throws -> Int {
    try environment.database.write { connection in
      if connection.dialect == .sqlite { try OutboxStore(connection).releaseClaims() }
      return try IdempotencyStore(connection).releaseUnfinished()
    }
  }

  public func respond(to request: HTTPRequest) -> HTTPOutcome {
    let overTLS = webSessions.isSecure(request)
    return route(request).mapResponse {
      SecurityHeaders.apply(to: AuthenticationChallenge.apply(to: $0, for: request), overTLS: overTLS)
    }
  }

  private func route(_ request: HTTPRequest) -> HTTPOutcome {
    guard Self.isAPI(request.path) else {
      switch web.respond(to: request) {
      case .now(let response): return .response(response)
      case .blocking(let work): return .blocking(work)
      }
    }
    let route: Route
    let method = request.matchingMethod
    do throws(RouteError) {
      route = try Route(method: method, path: request.path, query: request.query)
      // A parameter that does not decode was left out of the query: refused, not ignored.
      if let name = request.malformedQueryParameter {
        throw .invalidQuery(field: name, rule: .invalidPercentEncoding)
      }
    } catch .invalidQuery(let field, let rule) {
      // Who may ask comes before what was asked: an anonymous caller gets 401, as for any
      // other request to the endpoint, and learns nothing from the query's validation.
      let bare = try? Route(method: method, path: request.path, query: [:])
      if bare?.rules.requiresAuthentication ?? true {
        do {
          _ = try authenticate(request, unsafe: false)
        } catch {
          return .response(render(error, requestID: request.requestID, language: readerLanguage(request, nil)))
        }
      }
      return .response(
        render(
          Self.problem(for: .invalidQuery(field: field, rule: rule), request: request),
          requestID: request.requestID, language: readerLanguage(request, nil)))
    } catch {
      var headers = HTTPHeaders()
      if case .methodNotAllowed(let allowed) = error {
        headers.add("Allow", allowed.map(\.rawValue).joined(separator: ", "))
      }
      return .response(
        render(
          Self.problem(for: error, request: request), requestID: request.requestID,
          language: readerLanguage(request, nil), headers: headers))
    }
    if case .events(.stream) = route {
      return openEventStream(request)
    }
    // The row's rules, read once for the whole request.
    let rules = route.rules
    if rules.work == .mayBlock {
      return .blocking { [self] in handle(route, rules, request) }
    }
    // A change waits for the database's writer and the disk: never on a network thread.
    if request.isUnsafe {
      return .writing { [self] in handle(route, rules, request) }
    }
    return .response(handle(route, rules, request))
  }

  /// The JSON API's addresses; everything else is the web app's.
  static func isAPI(_ path: String) -> Bool {
    path.hasPrefix("/api/") || path == "/healthz" || path.hasPrefix("/calendar/")
  }

  /// Calendar feed addresses are secrets (`/calendar/<token>.ics`): logged without the token.
  public func loggedPath(_ path: String) -> String {
    guard path.hasPrefix("/calendar/") else { return path }
    return "/calendar/[token]" + (path.hasSuffix(".ics") ? ".ics" : "")
  }

  public func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
    let message: AdminProblemMessage =
      switch refusal {
      case .busy: .serverBusy
      case .tooManyConnections: .serverFull
      case .bodyTooLarge(let limit): .bodyTooLarge(limit: limit)
      case .conflictingFraming: .conflictingFraming
      case .unsupportedTransferCoding(let coding): .unsupportedTransferCoding(coding)
      }
    let language = Language.reader(chosen: nil, acceptLanguage: acceptLanguage)
    return SecurityHeaders.apply(
      to: render(Problem(status: refusal.status, message), requestID: requestID, language: language))
  }

  /// Answers a request start to finish on the calling thread, blocking work included: what
  /// tests use to drive the real router without a socket.
  public func respondNow(to request: HTTPRequest) -> HTTPResponse {
    switch respond(to: request) {
    case .response(let response): response
    case .blocking(let work), .writing(let work): work()
    case .stream(let stream):
      // Without a socket there is no one to stream to: the head is the answer.
      Self.head(closing: stream)
    }
  }

  /// Event streams open now (for tests and metrics).
  public var openEventStreams: Int { liveEvents.subscriberCount }

  private static func head(closing stream: HTTPStream) -> HTTPResponse {
    stream.close()
    return HTTPResponse(status: stream.status, headers: stream.headers)
  }

  // MARK: - Handling

  private func handle(_ route: Route, _ rules: EndpointRules, _ request: HTTPRequest) -> HTTPResponse {
    let response = answer(route, rules, request)
    // A change may have logged live events: deliver them now rather than at the next poll.
    if request.isUnsafe, response.status < 400 { liveEvents.wake() }
    return response
  }

  private func answer(_ route: Route, _ rules: EndpointRules, _ request: HTTPRequest) -> HTTPResponse {
    // Known once authenticated, so a refusal is worded in the language the person chose.
    var caller: Principal?
    do {
      let principal = rules.requiresAuthentication ? try authenticate(request, unsafe: request.isUnsafe) : nil
      caller = principal
      if let principal, principal.mustChangePassword, rules.beforePasswordChange == .refused {
        throw Problem.passwordChangeRequired
      }
      if request.isUnsafe, rules.replay == .storesAnswer, let principal, let key = request.headers["Idempotency-Key"] {
        return try idempotency.run(request, key: key, scope: principal.employee.id, atomic: rules.work == .quick) {
          respondCatchingErrors(request, principal) { try dispatch(route, rules, request, principal) }
        }
      }
      return try dispatch(route, rules, request, principal)
    } catch {
      return render(error, requestID: request.requestID, language: readerLanguage(request, caller))
    }
  }

  /// The caller, by bearer token, or else by the web app's session cookie, which must come
  /// with the session's CSRF token (`X-CSRF-Token`) on unsafe requests.
  func authenticate(_ request: HTTPRequest, unsafe: Bool) throws -> Principal {
    if request.headers["Authorization"] == nil, let visitor = webSessions.visitor(of: request) {
      guard !unsafe || webSessions.hasValidCSRFToken(request, form: [:], visitor: visitor) else {
        throw Problem.forbidden(.csrfTokenMissing)
      }
      return visitor.principal
    }
    return try auth.authenticate(authorization: request.headers["Authorization"])
  }

  private func respondCatchingErrors(
    _ request: HTTPRequest, _ principal: Principal?, _ body: () throws -> HTTPResponse
  ) -> HTTPResponse {
    do {
      return try body()
    } catch {
      return render(error, requestID: request.requestID, language: readerLanguage(request, principal))
    }
  }

  // MARK: - Housekeeping

  /// Syncs the people with the company directory; nil when none is configured. `atrium serve`
  /// calls it every `ATRIUM_LDAP_SYNC_INTERVAL`, and `atrium ldap sync` once.
  @discardableResult
  public func syncDirectory() -> DirectorySyncReport? {
    directoryAdmin.directory.service().map { DirectoryAdmin.body($0.sync()) }
  }

  /// Syncs when the current settings ask for background syncs and the last one is older than
  /// their interval; `atrium serve` asks every minute, so a changed interval applies at once.
  @discardableResult
  public func syncDirectoryIfDue() -> DirectorySyncReport? {
    guard let interval = directoryAdmin.directory.configuration?.syncInterval else { return nil }
    let last = (try? environment.database.read { try DirectoryStore($0).lastSync() })??.startedAt ?? 0
    guard environment.now().milliseconds - last >= Int64(interval * 1000) else { return nil }
    return syncDirectory()
  }

  /// Fetches the timeline's feeds not read for `environment.feedInterval`; `atrium serve` calls
  /// it every minute, so a new feed is read within one.
  public func refreshFeeds() {
    feeds.refreshDue(interval: environment.feedInterval)
  }

  /// How long live events are kept for replay to clients that reconnect.
  static let eventRetention: TimeInterval = 24 * 3600
  /// How long a sent or dead notification stays in the outbox, for admins to see.
  static let outboxRetention: TimeInterval = 30 * 24 * 3600

  /// Forgets sessions unused past the refresh-token lifetime, expired idempotency keys, old
  /// live events, failed sign-ins outside the rate limit's window and the files of photos
  /// nobody uses any more;
  /// a failure is logged. `atrium serve` runs it every hour.
  public func runHousekeeping() {
    let now = environment.now()
    do {
      try environment.database.write { connection in
        try SessionStore(connection).purge(
          before: now.addingTimeInterval(-environment.refreshTokenLifetime).milliseconds)
        try IdempotencyStore(connection).purge(
          before: now.addingTimeInterval(-environment.idempotencyLifetime).milliseconds)
        try LiveEventStore(connection).purge(before: now.addingTimeInterval(-Self.eventRetention).milliseconds)
        try LoginFailureStore(connection).forget(
          before: now.addingTimeInterval(-environment.loginLimits.window).milliseconds)
        try OutboxStore(connection).deleteFinished(before: now.addingTimeInterval(-Self.outboxRetention).milliseconds)
        try PresenceStore(connection).purge(
          before: now.addingTimeInterval(-Double(PresenceSharing.historyDays) * 86_400).milliseconds)
        try TaskStore(connection).purge(
          before: now.addingTimeInterval(-Double(TaskService.retentionDays) * 86_400).milliseconds)
        try PeopleStore(connection).orderSearchIfDue()
      }
      try SignUpService(environment: environment).removeUnconfirmed()
      if let directory = environment.filesDirectory {
        let inUse = try environment.database.read { try PeopleStore($0).photosInUse() }
        PhotoFiles(filesDirectory: directory).removeUnused(keeping: inUse, olderThan: 3600, now: now)
      }
    } catch {
      environment.log.write(ErrorLogEntry(requestId: "housekeeping", error: String(describing: error)).line)
    }
  }
}
