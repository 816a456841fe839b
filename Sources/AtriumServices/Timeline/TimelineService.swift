import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumStore
import Foundation

/// The home timeline: everyone posts and reads; authors and admins delete posts. Imported
/// posts come from `FeedService`.
package struct TimelineService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  package static let maximumPostLength = 5_000

  /// - Parameter language: the reader's; why a feed cannot be read is worded in it.
  package func page(_ page: PageRequest, principal: Principal, language: Language = .en) throws -> TimelinePage {
    try environment.database.read { connection in
      let result = try TimelineStore(connection).page(limit: page.limit, after: page.cursor)
      let feeds = try FeedStore(connection).feeds().filter(\.isActive)
      let failing = feeds.filter { $0.lastError != nil }.map {
        FeedProblem(
          feedId: $0.id, name: $0.name, error: FeedService.worded($0.lastError, in: language) ?? "",
          lastSuccessAt: $0.lastSuccessAt.map(Instant.text))
      }
      let items = result.items.map { body(of: $0, for: principal) }
      var reason: String?
      if items.isEmpty && page.cursor == nil {
        reason = Self.emptyReason(feeds: feeds, failing: failing)
      }
      return TimelinePage(items: items, nextCursor: result.nextCursor, unavailableFeeds: failing, emptyReason: reason)
    }
  }

  /// Why there is nothing to show, in words a reader understands.
  private static func emptyReason(feeds: [FeedStore.Feed], failing: [FeedProblem]) -> String {
    if feeds.isEmpty { return "Nothing has been posted yet." }
    if failing.count == feeds.count {
      let reasons = failing.map { "\($0.name): \($0.error)" }.joined(separator: "; ")
      return "Nothing has been posted yet, and the company's feeds could not be loaded (\(reasons))."
    }
    if feeds.allSatisfy({ $0.lastFetchedAt == nil }) {
      return "Nothing has been posted yet; the company's feeds have not been read yet."
    }
    return "Nothing has been posted yet, and the company's feeds have no posts."
  }

  package func create(_ post: NewPost, principal: Principal) throws -> TimelineItem {
    let text = post.text.trimmingWhitespace
    var validator = Validator()
    validator.require(!text.isEmpty, "text", .notEmpty)
    validator.require(
      text.count <= Self.maximumPostLength, "text", .atMostCharacters(Self.maximumPostLength))
    try validator.check()
    let stored = TimelineStore.Post(
      id: environment.makeID(), authorID: principal.employee.id, body: text,
      createdAt: environment.now().milliseconds)
    try environment.database.write { try TimelineStore($0).insert(stored) }
    let author = principal.employee
    return TimelineItem(
      id: stored.id, type: "post", createdAt: Instant.text(stored.createdAt), text: text,
      author: EmployeeSummary(
        id: author.id, displayName: author.displayName, position: author.position,
        photoURL: PhotoService.address(of: author.id, photoID: author.photoID)),
      source: nil, title: nil, link: nil, canDelete: true)
  }

  /// The author deletes their post; an admin any post (recorded in the audit log).
  package func delete(id: String, principal: Principal) throws {
    try environment.database.write { connection in
      let store = TimelineStore(connection)
      guard let post = try store.post(id: id) else { throw Problem.notFound(.noSuch(.post, id: id)) }
      guard post.authorID == principal.employee.id || principal.employee.role.managesCompany else {
        throw Problem.forbidden(.onlyAuthorOrAdminDeletes)
      }
      try store.deletePost(id: id)
      if post.authorID != principal.employee.id {
        try AuditTrail(environment: environment).record(
          "post.delete", target: ("post", id), before: ["authorId": post.authorID, "text": post.body],
          by: principal, connection: connection)
      }
    }
  }

  private func body(of entry: TimelineStore.Entry, for principal: Principal) -> TimelineItem {
    if entry.isPost, let authorID = entry.authorID {
      return TimelineItem(
        id: entry.id, type: "post", createdAt: Instant.text(entry.at), text: entry.text,
        author: EmployeeSummary(
          id: authorID, displayName: entry.authorName ?? "", position: entry.authorPosition ?? "",
          photoURL: PhotoService.address(of: authorID, photoID: entry.authorPhotoID)),
        source: nil, title: nil, link: nil,
        canDelete: authorID == principal.employee.id || principal.employee.role.managesCompany)
    }
    return TimelineItem(
      id: entry.id, type: "social", createdAt: Instant.text(entry.at), text: entry.text, author: nil,
      source: TimelineSource(
        feedId: entry.feedID ?? "", name: entry.feedName ?? "",
        author: entry.feedAuthor.isEmpty ? nil : entry.feedAuthor),
      title: entry.title.isEmpty ? nil : entry.title, link: entry.link.isEmpty ? nil : entry.link, canDelete: false)
  }
}
