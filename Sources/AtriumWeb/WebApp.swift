import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumServices

/// The web app: pages rendered on the server from the same services the JSON API calls,
/// handed to it at the composition root.
package final class WebApp: Sendable {
  package let environment: ServerEnvironment
  package let auth: AuthService
  package let accounts: AccountService
  package let webSessions: WebSessions
  package let people: PeopleService
  package let photos: PhotoService
  package let peopleImport: PeopleImport
  package let places: PlacesService
  package let company: CompanyService
  package let settings: SettingsService
  package let leave: LeaveService
  package let leaveQueries: LeaveQueries
  package let leaveSettings: LeaveSettingsService
  package let teamCalendar: TeamCalendarService
  package let calendarFeeds: CalendarFeedService
  package let board: BoardService
  package let timeline: TimelineService
  package let feeds: FeedService
  /// What the sections add to people's pages, Settings and home.
  package let extensions: WebExtensions
  package let sessions: SessionsService
  /// Sensors, through the broker's accounts when one is set up.
  package let sensors: SensorService

  package init(
    environment: ServerEnvironment, auth: AuthService, accounts: AccountService, webSessions: WebSessions,
    people: PeopleService, photos: PhotoService, peopleImport: PeopleImport, places: PlacesService,
    company: CompanyService, settings: SettingsService, leave: LeaveService, leaveQueries: LeaveQueries,
    leaveSettings: LeaveSettingsService, teamCalendar: TeamCalendarService, calendarFeeds: CalendarFeedService,
    board: BoardService, timeline: TimelineService, feeds: FeedService, sessions: SessionsService,
    sensors: SensorService, extensions: WebExtensions
  ) {
    self.environment = environment
    self.auth = auth
    self.accounts = accounts
    self.webSessions = webSessions
    self.people = people
    self.photos = photos
    self.peopleImport = peopleImport
    self.places = places
    self.company = company
    self.settings = settings
    self.leave = leave
    self.leaveQueries = leaveQueries
    self.leaveSettings = leaveSettings
    self.teamCalendar = teamCalendar
    self.calendarFeeds = calendarFeeds
    self.board = board
    self.timeline = timeline
    self.feeds = feeds
    self.extensions = extensions
    self.sessions = sessions
    self.sensors = sensors
  }

  /// One-time messages for the page a form redirects to.
  package var flash: WebFlash { WebFlash(key: environment.signingKey) }

  /// Decisions on several requests at once, and the company's rules for decisions.
  package var approvals: ApprovalService { ApprovalService(environment: environment) }

  /// A 303 to `page` that tells the visitor what their form did.
  package func redirect(
    to page: WebPage, saying message: String, visitor: WebSessions.Visitor, request: HTTPRequest
  ) -> HTTPResponse {
    flash.redirect(to: page, saying: message, visitor: visitor, secure: webSessions.isSecure(request))
  }

  /// How a page is answered: now, on the network thread, or on the worker pool when the work
  /// may block (a password hash, a directory bind).
  package enum Answer: Sendable {
    case now(HTTPResponse)
    case blocking(@Sendable () -> HTTPResponse)
  }

  /// The address rate limits count against (see `HTTPRequest.clientAddress`).
  package func clientAddress(of request: HTTPRequest) -> String {
    request.clientAddress(trustingForwardedFor: environment.trustsForwardedFor)
  }

  /// Where a sign-in comes from, kept with the session it starts.
  package func sessionOrigin(of request: HTTPRequest) -> SessionOrigin {
    SessionOrigin(address: clientAddress(of: request), userAgent: request.headers["User-Agent"])
  }
}
