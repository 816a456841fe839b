import AtriumAPI
import AtriumDomain
import Foundation

/// Read-only sections, cached: the company's contact data and the team calendar by month.
public protocol CompanyRepository: Sendable {
  func cachedCompany() -> CompanyBody?
  func company() async throws(APIError) -> CompanyBody
  /// A month as last seen; nil for the current month.
  func cachedCalendar(_ month: String?) -> TeamCalendar?
  func calendar(_ month: String?) async throws(APIError) -> TeamCalendar
}

public struct LiveCompanyRepository: CompanyRepository {
  let session: ClientSession
  let cache: ClientCache

  public init(session: ClientSession, cache: ClientCache) {
    self.session = session
    self.cache = cache
  }

  public func cachedCompany() -> CompanyBody? { cache.get(CompanyBody.self, key: "company") }

  public func company() async throws(APIError) -> CompanyBody {
    try await session.fetch(keepingAs: "company", in: cache) { try await $0.company() }
  }

  public func cachedCalendar(_ month: String?) -> TeamCalendar? {
    cache.get(TeamCalendar.self, key: "calendar-" + (month ?? "current"))
  }

  public func calendar(_ month: String?) async throws(APIError) -> TeamCalendar {
    let calendar = try await session.call { try await $0.teamCalendar(month: month) }
    cache.put(calendar, key: "calendar-" + calendar.month)
    if month == nil { cache.put(calendar, key: "calendar-current") }
    return calendar
  }
}
