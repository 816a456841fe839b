import AtriumAPI
import AtriumDomain
import Foundation

/// The team directory, profiles, someone's time off, and one's own profile: each answer is
/// kept in the cache so the screens show the last copy at once and when offline.
public protocol PeopleRepository: Sendable {
  func cachedMe() -> User?
  func me() async throws(APIError) -> User
  func cachedDirectory(_ query: PeopleQuery) -> Page<PersonSummary>?
  func directory(_ query: PeopleQuery) async throws(APIError) -> Page<PersonSummary>
  func cachedFilters() -> DirectoryFilters?
  func filters() async throws(APIError) -> DirectoryFilters
  func cachedProfile(_ id: String) -> PersonProfile?
  func profile(_ id: String) async throws(APIError) -> PersonProfile
  func cachedLeave(of id: String, year: Int?) -> LeaveYear?
  func leave(of id: String, year: Int?) async throws(APIError) -> LeaveYear
  func updateMe(_ change: ProfileChange) async throws(APIError) -> PersonProfile
  func uploadPhoto(_ bytes: Data, contentType: String) async throws(APIError) -> PersonProfile
}

/// The departments and locations to filter the directory by.
public struct DirectoryFilters: Codable, Hashable, Sendable {
  public var departments: [Reference]
  public var locations: [Reference]

  public init(departments: [Reference], locations: [Reference]) {
    self.departments = departments
    self.locations = locations
  }
}

public struct LivePeopleRepository: PeopleRepository {
  let session: ClientSession
  let cache: ClientCache

  public init(session: ClientSession, cache: ClientCache) {
    self.session = session
    self.cache = cache
  }

  public func cachedMe() -> User? { cache.get(User.self, key: "me") }

  public func me() async throws(APIError) -> User {
    try await session.fetch(keepingAs: "me", in: cache) { try await $0.me() }
  }

  /// Only first pages are kept: a later page is worth nothing without the ones before it.
  static func key(_ query: PeopleQuery) -> String? {
    guard query.page.cursor == nil else { return nil }
    return "people-" + [query.text ?? "", query.departmentID ?? "", query.locationID ?? ""].joined(separator: "|")
  }

  public func cachedDirectory(_ query: PeopleQuery) -> Page<PersonSummary>? {
    Self.key(query).flatMap { cache.get(Page<PersonSummary>.self, key: $0) }
  }

  public func directory(_ query: PeopleQuery) async throws(APIError) -> Page<PersonSummary> {
    let page = try await session.call { try await $0.people(query) }
    if let key = Self.key(query) { cache.put(page, key: key) }
    return page
  }

  public func cachedFilters() -> DirectoryFilters? { cache.get(DirectoryFilters.self, key: "directory-filters") }

  public func filters() async throws(APIError) -> DirectoryFilters {
    let filters = try await session.call { client in
      DirectoryFilters(
        departments: try await client.departments().items.map { Reference(id: $0.id, name: $0.name) },
        locations: try await client.locations().items.map { Reference(id: $0.id, name: $0.name) })
    }
    cache.put(filters, key: "directory-filters")
    return filters
  }

  public func cachedProfile(_ id: String) -> PersonProfile? { cache.get(PersonProfile.self, key: "person-" + id) }

  public func profile(_ id: String) async throws(APIError) -> PersonProfile {
    try await session.fetch(keepingAs: "person-" + id, in: cache) { try await $0.person(id: id) }
  }

  static func leaveKey(_ id: String, _ year: Int?) -> String {
    "person-leave-\(id)-" + (year.map(String.init) ?? "current")
  }

  public func cachedLeave(of id: String, year: Int?) -> LeaveYear? {
    cache.get(LeaveYear.self, key: Self.leaveKey(id, year))
  }

  public func leave(of id: String, year: Int?) async throws(APIError) -> LeaveYear {
    let leave = try await session.call { try await $0.personLeave(id: id, year: year) }
    cache.put(leave, key: Self.leaveKey(id, year))
    cache.put(leave, key: Self.leaveKey(id, leave.year))
    return leave
  }

  public func updateMe(_ change: ProfileChange) async throws(APIError) -> PersonProfile {
    let profile = try await session.call { try await $0.updateMe(change) }
    cache.put(profile, key: "person-" + profile.id)
    return profile
  }

  public func uploadPhoto(_ bytes: Data, contentType: String) async throws(APIError) -> PersonProfile {
    let profile = try await session.call { try await $0.uploadMyPhoto(bytes, contentType: contentType) }
    cache.put(profile, key: "person-" + profile.id)
    return profile
  }
}
