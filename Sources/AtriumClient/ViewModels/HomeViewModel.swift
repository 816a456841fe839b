import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// Home: the timeline of internal posts and imported social posts, newest first, a form to
/// post, delete on one's own posts, more on scrolling, and a plain word when some or all of
/// it could not be loaded.
@MainActor
public final class HomeViewModel: ScreenModel<HomeViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let id: String
    /// The author's name, or the feed's name (and author) for imported posts.
    public let byline: String
    public let title: String?
    public let text: String
    public let link: URL?
    public let date: String
    public let canDelete: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var rows: [Row] = []
    public var draft = ""
    public var isPostEnabled = false
    public var isPosting = false
    public var canLoadMore = false
    /// "Could not load Company Mastodon: no answer in time."
    public var feedProblems: [String] = []
    public var emptyText: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  /// Posts are at most this long, as the server says.
  public static let maximumPostLength = 5000

  private let repository: any TimelineRepository
  private let timeZone: TimeZone
  private var nextCursor: String?

  public init(repository: any TimelineRepository, language: ClientLanguage = .en, timeZone: TimeZone = .current) {
    self.repository = repository
    self.timeZone = timeZone
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cachedFirstPage() { show(cached, in: &next) }
    state = next
    do {
      show(try await repository.page(after: nil), in: &next)
    } catch {
      next.fail(error, in: language)
      next.error = couldNotLoad(error)
    }
    next.isLoading = false
    state = next
  }

  public func loadMoreTapped() async {
    guard let cursor = nextCursor, !state.isLoading else { return }
    state.isLoading = true
    do {
      let page = try await repository.page(after: cursor)
      state.rows += page.items.map(row)
      nextCursor = page.nextCursor
      state.canLoadMore = page.nextCursor != nil
    } catch {
      state.fail(error, in: language)
      state.error = couldNotLoad(error)
    }
    state.isLoading = false
  }

  public func draftChanged(_ text: String) {
    state.draft = text
    state.isPostEnabled = Self.canPost(text) && !state.isPosting
  }

  public func postTapped() async {
    guard Self.canPost(state.draft), !state.isPosting else { return }
    state.isPosting = true
    state.isPostEnabled = false
    state.clearFailure()
    do {
      let item = try await repository.post(state.draft)
      state.rows.insert(row(item), at: 0)
      state.draft = ""
      state.emptyText = nil
    } catch {
      state.fail(error, in: language)
    }
    state.isPosting = false
    state.isPostEnabled = Self.canPost(state.draft)
  }

  public func deleteTapped(id: String) async {
    state.clearFailure()
    do {
      try await repository.delete(id)
      state.rows.removeAll { $0.id == id }
    } catch {
      state.fail(error, in: language)
    }
  }

  private static func canPost(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return !trimmed.isEmpty && text.count <= maximumPostLength
  }

  private func couldNotLoad(_ error: APIError) -> String {
    AppText.couldNotLoadTimeline(reason: error.message(in: language)).text(in: language)
  }

  private func show(_ page: TimelinePage, in next: inout State) {
    next.rows = page.items.map(row)
    nextCursor = page.nextCursor
    next.canLoadMore = page.nextCursor != nil
    next.feedProblems = page.unavailableFeeds.map {
      AppText.couldNotLoadFeed(name: $0.name, reason: $0.error).text(in: language)
    }
    next.emptyText =
      page.items.isEmpty ? (page.emptyReason ?? AppText.nothingYet.text(in: language)) : nil
  }

  private func row(_ item: TimelineItem) -> Row {
    let byline: String =
      if let author = item.author {
        author.displayName
      } else if let source = item.source {
        [source.name, source.author].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
      } else {
        ""
      }
    return Row(
      id: item.id, byline: byline, title: item.title, text: item.text,
      link: item.link.flatMap { URL(string: $0) },
      date: ClientDates.instant(item.createdAt, in: language, timeZone: timeZone), canDelete: item.canDelete)
  }
}
