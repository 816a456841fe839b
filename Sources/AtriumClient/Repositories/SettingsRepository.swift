import AtriumAPI
import Foundation

/// One's settings (notifications, language) and calendar feed addresses, cached.
public protocol SettingsRepository: Sendable {
  func cachedSettings() -> SettingsBody?
  func settings() async throws(APIError) -> SettingsBody
  func update(_ change: SettingsChange) async throws(APIError) -> SettingsBody
  func cachedCalendarFeeds() -> CalendarFeedBody?
  func calendarFeeds() async throws(APIError) -> CalendarFeedBody
  /// New secret addresses; the old ones stop working.
  func newCalendarFeeds() async throws(APIError) -> CalendarFeedBody
  /// Where the person is signed in (never cached: a list of sessions is only true now).
  func sessions() async throws(APIError) -> [SessionBody]
  func endSession(id: String) async throws(APIError)
}

public struct LiveSettingsRepository: SettingsRepository {
  let session: ClientSession
  let cache: ClientCache

  public init(session: ClientSession, cache: ClientCache) {
    self.session = session
    self.cache = cache
  }

  public func cachedSettings() -> SettingsBody? { cache.get(SettingsBody.self, key: "settings") }

  public func settings() async throws(APIError) -> SettingsBody {
    try await session.fetch(keepingAs: "settings", in: cache) { try await $0.settings() }
  }

  public func update(_ change: SettingsChange) async throws(APIError) -> SettingsBody {
    try await session.fetch(keepingAs: "settings", in: cache) { try await $0.updateSettings(change) }
  }

  public func cachedCalendarFeeds() -> CalendarFeedBody? { cache.get(CalendarFeedBody.self, key: "calendar-feeds") }

  public func calendarFeeds() async throws(APIError) -> CalendarFeedBody {
    try await session.fetch(keepingAs: "calendar-feeds", in: cache) { try await $0.calendarFeeds() }
  }

  public func newCalendarFeeds() async throws(APIError) -> CalendarFeedBody {
    try await session.fetch(keepingAs: "calendar-feeds", in: cache) { try await $0.newCalendarFeeds() }
  }

  public func sessions() async throws(APIError) -> [SessionBody] {
    try await session.call { try await $0.sessions().items }
  }

  public func endSession(id: String) async throws(APIError) {
    try await session.call { try await $0.endSession(id: id) }
  }
}
