import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// The team directory: search as one types, filter by department and location, more on
/// scrolling, and a person's options (profile, call, mail, and time off for their manager
/// and admins).
@MainActor
public final class TeamViewModel: ScreenModel<TeamViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let id: String
    public let name: String
    /// "Developer · Engineering".
    public let detail: String
    public let location: String
    /// The photo's address on the server (`/api/v1/people/{id}/photo?size=96&v=...`).
    public let photoPath: String
  }

  /// What tapping a person offers. A missing address means the option is not shown.
  public struct Options: Equatable, Sendable {
    public let personID: String
    public let name: String
    public let callURL: URL?
    public let mailURL: URL?
    public let canSeeTimeOff: Bool
  }

  public struct Filter: Equatable, Sendable {
    public let id: String?
    public let name: String
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var query = ""
    public var department: String?
    public var location: String?
    public var departments: [Filter] = []
    public var locations: [Filter] = []
    public var rows: [Row] = []
    public var canLoadMore = false
    public var screenStatus = ScreenStatus()
    public var emptyText: String?
    public var options: Options?

    public init() {}
  }

  private let repository: any PeopleRepository
  private let pageSize: Int
  private var nextCursor: String?

  public init(repository: any PeopleRepository, language: ClientLanguage = .en, pageSize: Int = 50) {
    self.repository = repository
    self.pageSize = pageSize
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    if let filters = repository.cachedFilters() { showFilters(filters) }
    await load()
    if let filters = try? await repository.filters() { showFilters(filters) }
  }

  public func queryChanged(_ text: String) async {
    state.query = text
    await load()
  }

  public func departmentChosen(_ id: String?) async {
    state.department = id
    await load()
  }

  public func locationChosen(_ id: String?) async {
    state.location = id
    await load()
  }

  public func loadMoreTapped() async {
    guard let cursor = nextCursor, !state.isLoading else { return }
    state.isLoading = true
    do {
      let page = try await repository.directory(query(cursor: cursor))
      state.rows += page.items.map(row)
      nextCursor = page.nextCursor
      state.canLoadMore = page.nextCursor != nil
    } catch {
      state.fail(error, in: language)
    }
    state.isLoading = false
  }

  public func personTapped(id: String) async {
    var next = state
    next.clearFailure()
    guard let profile = await profile(id, in: &next) else {
      state = next
      return
    }
    var me = repository.cachedMe()
    if me == nil { me = try? await repository.me() }
    let phone = profile.phone.filter { !$0.isWhitespace }
    next.options = Options(
      personID: id, name: profile.displayName,
      callURL: phone.isEmpty ? nil : URL(string: "tel:" + phone),
      mailURL: profile.email.isEmpty ? nil : URL(string: "mailto:" + profile.email),
      canSeeTimeOff: me.map { $0.role == .admin || (profile.manager?.id == $0.id && $0.id != id) } ?? false)
    state = next
  }

  public func optionsDismissed() { state.options = nil }

  private func profile(_ id: String, in next: inout State) async -> PersonProfile? {
    do {
      return try await repository.profile(id)
    } catch {
      if let cached = repository.cachedProfile(id) { return cached }
      next.fail(error, in: language)
      return nil
    }
  }

  private func load() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    next.options = nil
    let query = query(cursor: nil)
    if let cached = repository.cachedDirectory(query) { show(cached, in: &next) }
    state = next
    do {
      show(try await repository.directory(query), in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    next.emptyText =
      next.rows.isEmpty && next.error == nil ? AppText.noOneMatches.text(in: language) : nil
    // A newer input may have changed the query while this one waited: only the latest shows.
    guard query == self.query(cursor: nil) else { return }
    state = next
  }

  private func query(cursor: String?) -> PeopleQuery {
    let text = state.query.trimmingCharacters(in: .whitespaces)
    return PeopleQuery(
      text: text.isEmpty ? nil : text, departmentID: state.department, locationID: state.location,
      page: PageRequest(limit: pageSize, cursor: cursor))
  }

  private func show(_ page: Page<PersonSummary>, in next: inout State) {
    next.rows = page.items.map(row)
    nextCursor = page.nextCursor
    next.canLoadMore = page.nextCursor != nil
  }

  private func row(_ person: PersonSummary) -> Row {
    Row(
      id: person.id, name: person.displayName,
      detail: [person.position, person.department.name].filter { !$0.isEmpty }.joined(separator: " · "),
      location: person.location.name, photoPath: person.photoURL)
  }

  private func showFilters(_ filters: DirectoryFilters) {
    let all = Filter(id: nil, name: AppText.all.text(in: language))
    state.departments = [all] + filters.departments.map { Filter(id: $0.id, name: $0.name) }
    state.locations = [all] + filters.locations.map { Filter(id: $0.id, name: $0.name) }
  }
}
