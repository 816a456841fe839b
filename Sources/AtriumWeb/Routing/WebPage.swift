import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumServices

/// Every page and form of the web app, as `Route` is for the JSON API: requests are matched
/// into it, and every link and form action is built from it, so a dead link cannot be written.
///
/// A page is a section and that section's page (`.timeOff(.overview(year: nil))`). Each section
/// is a nested enum in a file of its own under `Routing/Sections/`, where every page is written
/// once, as a row with its method, path, parsing and rules (`PageSection`). A new section adds
/// a case here and registers its type in `WebPage.table`.
package enum WebPage: Hashable, Sendable {
  case account(Account)
  case home(Home)
  case timeOff(TimeOff)
  case board(Board)
  case approvals(Approvals)
  case team(Team)
  case profile(Profile)
  case company(Company)
  case calendar(Calendar)
  case settings(Settings)
  case admin(Admin)
  case assets(Assets)
  case presence(Presence)
  case tasks(Tasks)
  case sensors(Sensors)

  /// The sections, registered once: the matcher and the tests read every page from here.
  static let table = PageTable([
    .init(Account.self, WebPage.account), .init(Home.self, WebPage.home), .init(TimeOff.self, WebPage.timeOff),
    .init(Board.self, WebPage.board), .init(Approvals.self, WebPage.approvals), .init(Team.self, WebPage.team),
    .init(Profile.self, WebPage.profile), .init(Company.self, WebPage.company),
    .init(Calendar.self, WebPage.calendar), .init(Settings.self, WebPage.settings), .init(Admin.self, WebPage.admin),
    .init(Assets.self, WebPage.assets), .init(Presence.self, WebPage.presence),
    .init(Tasks.self, WebPage.tasks), .init(Sensors.self, WebPage.sensors),
  ])

  /// The page's row, path parameters and query.
  private var resolved: (row: PageTable.ErasedRow, parameters: [String], query: [(name: String, value: String)]) {
    func erased<Section: PageSection>(
      _ page: Section
    ) -> (PageTable.ErasedRow, [String], [(name: String, value: String)]) {
      let (row, parts) = Self.table.resolve(page)
      return (row, parts.parameters, parts.query)
    }
    return switch self {
    case .account(let page): erased(page)
    case .home(let page): erased(page)
    case .timeOff(let page): erased(page)
    case .board(let page): erased(page)
    case .approvals(let page): erased(page)
    case .team(let page): erased(page)
    case .profile(let page): erased(page)
    case .company(let page): erased(page)
    case .calendar(let page): erased(page)
    case .settings(let page): erased(page)
    case .admin(let page): erased(page)
    case .assets(let page): erased(page)
    case .presence(let page): erased(page)
    case .tasks(let page): erased(page)
    case .sensors(let page): erased(page)
    }
  }

  package var method: HTTPMethod { resolved.row.method }

  /// What the web app decides before it runs the page (see `PageRules`).
  package var rules: PageRules { resolved.row.rules }

  package var path: String {
    let (row, parameters, _) = resolved
    return row.path.filled(with: parameters)
  }

  /// The address for links and form actions, query included.
  package var href: String {
    let (row, parameters, query) = resolved
    return PathTemplate.withQuery(row.path.filled(with: parameters), query)
  }

  /// Matches a request; nil for an address that is not a page.
  package init?(method: String, path: String, query: [String: String]) {
    guard let page = Self.table.match(method: method, path: path, query: query) else { return nil }
    self = page
  }

  /// One of each, for tests.
  package static var examples: [WebPage] { table.examples }

  /// A `next` address after sign-in: only a path on this server, never another site, and
  /// nothing that could end the `Location` header early (control characters, spaces).
  package static func localPath(_ text: String) -> String? {
    guard text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"), text.count <= 500,
      text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
    else { return nil }
    return text
  }
}
