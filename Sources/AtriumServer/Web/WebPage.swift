import AtriumAPI
import AtriumDomain
import AtriumHTTP

/// Every page and form of the web app, as `Route` is for the JSON API: requests are matched
/// into it, and every link and form action is built from it, so a dead link cannot be written.
enum WebPage: Hashable, Sendable {
  case signIn(next: String?)
  case submitSignIn
  case signOut
  case home
  case createPost
  case timeOff(year: Int?)
  case requestLeave
  case cancelLeave(id: String)
  case board
  case markRead(id: String)
  case markAllRead
  case approvals(ApprovalFilter)
  case decide(id: String, action: LeaveAction)
  case stylesheet
  case script

  var method: HTTPMethod {
    switch self {
    case .signIn, .home, .timeOff, .board, .approvals, .stylesheet, .script: .get
    case .submitSignIn, .signOut, .createPost, .requestLeave, .cancelLeave, .markRead, .markAllRead, .decide: .post
    }
  }

  var path: String {
    switch self {
    case .signIn, .submitSignIn: "/sign-in"
    case .signOut: "/sign-out"
    case .home: "/"
    case .createPost: "/posts"
    case .timeOff: "/time-off"
    case .requestLeave: "/time-off/requests"
    case .cancelLeave(let id): "/time-off/requests/\(PercentEncoding.encode(id))/cancel"
    case .board: "/board"
    case .markRead(let id): "/board/\(PercentEncoding.encode(id))/read"
    case .markAllRead: "/board/read-all"
    case .approvals: "/approvals"
    case .decide(let id, let action): "/approvals/\(PercentEncoding.encode(id))/\(action.rawValue)"
    case .stylesheet: "/assets/\(WebAssets.stylesheetName)"
    case .script: "/assets/\(WebAssets.scriptName)"
    }
  }

  /// The address for links and form actions, query included.
  var href: String {
    switch self {
    case .signIn(let next?): path + "?next=" + PercentEncoding.encode(next)
    case .timeOff(let year?): path + "?year=\(year)"
    case .approvals(let filter) where filter != .pending: path + "?status=\(filter.rawValue)"
    default: path
    }
  }

  /// Pages anyone may open; every other page needs a signed-in visitor.
  var isPublic: Bool {
    switch self {
    case .signIn, .submitSignIn, .stylesheet, .script: true
    default: false
    }
  }

  /// Matches a request; nil for an address that is not a page.
  init?(method: String, path: String, query: [String: String]) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map {
      PercentEncoding.decode(String($0)) ?? ""
    }
    switch (method, parts.count) {
    case ("GET", 0): self = .home
    case ("GET", 1) where parts[0] == "sign-in": self = .signIn(next: query["next"].flatMap(Self.localPath))
    case ("POST", 1) where parts[0] == "sign-in": self = .submitSignIn
    case ("POST", 1) where parts[0] == "sign-out": self = .signOut
    case ("POST", 1) where parts[0] == "posts": self = .createPost
    case ("GET", 1) where parts[0] == "time-off": self = .timeOff(year: query["year"].flatMap { Int($0) })
    case ("POST", 2) where parts == ["time-off", "requests"]: self = .requestLeave
    case ("POST", 4) where parts[0] == "time-off" && parts[1] == "requests" && parts[3] == "cancel":
      self = .cancelLeave(id: parts[2])
    case ("GET", 1) where parts[0] == "board": self = .board
    case ("POST", 2) where parts == ["board", "read-all"]: self = .markAllRead
    case ("POST", 3) where parts[0] == "board" && parts[2] == "read": self = .markRead(id: parts[1])
    case ("GET", 1) where parts[0] == "approvals":
      self = .approvals(query["status"].flatMap(ApprovalFilter.init(rawValue:)) ?? .pending)
    case ("POST", 3) where parts[0] == "approvals":
      guard let action = LeaveAction(rawValue: parts[2]), [.approve, .reject, .reopen].contains(action) else {
        return nil
      }
      self = .decide(id: parts[1], action: action)
    case ("GET", 2) where parts[0] == "assets" && parts[1] == WebAssets.stylesheetName: self = .stylesheet
    case ("GET", 2) where parts[0] == "assets" && parts[1] == WebAssets.scriptName: self = .script
    default: return nil
    }
  }

  /// A `next` address after sign-in: only a path on this server, never another site.
  static func localPath(_ text: String) -> String? {
    guard text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"), text.count <= 500 else { return nil }
    return text
  }

  /// One of each, for tests.
  static let examples: [WebPage] = [
    .signIn(next: nil), .signIn(next: "/board"), .submitSignIn, .signOut, .home, .createPost, .timeOff(year: nil),
    .timeOff(year: 2027), .requestLeave, .cancelLeave(id: "a b"), .board, .markRead(id: "n1"), .markAllRead,
    .approvals(.pending), .approvals(.approved), .decide(id: "r1", action: .approve),
    .decide(id: "r1", action: .reject), .decide(id: "r1", action: .reopen), .stylesheet, .script,
  ]
}
