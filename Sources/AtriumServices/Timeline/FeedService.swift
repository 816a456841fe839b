import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// The company's public feeds on the timeline: admins list, add, change and remove them; the
/// poller (or an admin's refresh) fetches them, stores new items once each, and records the
/// last error per feed so the timeline can say why something is missing.
package struct FeedService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  package static let maximumNameLength = 100
  package static let maximumAddressLength = 2_000

  package func feeds(principal: Principal, language: Language = .en) throws -> Page<TimelineFeed> {
    try requireAdmin(principal, to: "manage the timeline's feeds")
    let feeds = try environment.database.read { try FeedStore($0).feeds() }
    return Page(items: feeds.map { Self.body($0, in: language) }, nextCursor: nil)
  }

  package func create(_ input: NewTimelineFeed, principal: Principal) throws -> TimelineFeed {
    try requireAdmin(principal, to: "manage the timeline's feeds")
    var validator = Validator()
    let name = Self.name(input.name, into: &validator)
    let url = Self.address(input.url, into: &validator)
    try validator.check()
    let feed = FeedStore.Feed(
      id: environment.makeID(), name: name, url: url, createdAt: environment.now().milliseconds)
    try environment.database.write { connection in
      try refusingDuplicateAddress(url) { try FeedStore(connection).insert(feed) }
      try AuditTrail(environment: environment).record(
        "feed.create", target: ("feed", feed.id), after: Self.body(feed), by: principal, connection: connection)
    }
    return Self.body(feed)
  }

  package func update(id: String, _ change: TimelineFeedChange, principal: Principal) throws -> TimelineFeed {
    try requireAdmin(principal, to: "manage the timeline's feeds")
    var validator = Validator()
    let name = change.name.map { Self.name($0, into: &validator) }
    let url = change.url.map { Self.address($0, into: &validator) }
    try validator.check()
    return try environment.database.write { connection in
      let store = FeedStore(connection)
      guard let before = try store.feed(id: id) else { throw Problem.notFound(.noSuch(.feed, id: id)) }
      var after = before
      after.name = name ?? before.name
      after.url = url ?? before.url
      after.isActive = change.active ?? before.isActive
      let moved = after.url != before.url
      if moved {
        after.etag = nil
        after.lastModified = nil
        after.lastError = nil
      }
      try refusingDuplicateAddress(after.url) { try store.update(after, addressChanged: moved) }
      try AuditTrail(environment: environment).record(
        "feed.update", target: ("feed", id), before: Self.body(before), after: Self.body(after), by: principal,
        connection: connection)
      return Self.body(after)
    }
  }

  /// Removes the feed and the posts imported from it.
  package func delete(id: String, principal: Principal) throws {
    try requireAdmin(principal, to: "manage the timeline's feeds")
    try environment.database.write { connection in
      let store = FeedStore(connection)
      guard let before = try store.feed(id: id) else { throw Problem.notFound(.noSuch(.feed, id: id)) }
      try store.delete(id: id)
      try AuditTrail(environment: environment).record(
        "feed.delete", target: ("feed", id), before: Self.body(before), by: principal, connection: connection)
    }
  }

  /// An admin's "fetch now": the feed's state after the attempt, failed or not.
  package func refresh(id: String, principal: Principal, language: Language = .en) throws -> TimelineFeed {
    try requireAdmin(principal, to: "manage the timeline's feeds")
    guard let feed = try environment.database.read({ try FeedStore($0).feed(id: id) }) else {
      throw Problem.notFound(.noSuch(.feed, id: id))
    }
    try fetch(feed)
    guard let after = try environment.database.read({ try FeedStore($0).feed(id: id) }) else {
      throw Problem.notFound(.noSuch(.feed, id: id))
    }
    return Self.body(after, in: language)
  }

  /// Fetches every active feed not read for `interval` seconds; returns how many were read.
  @discardableResult
  package func refreshDue(interval: TimeInterval) -> Int {
    let before = environment.now().addingTimeInterval(-interval).milliseconds
    guard let due = try? environment.database.read({ try FeedStore($0).due(fetchedBefore: before) }) else {
      return 0
    }
    for feed in due {
      do {
        try fetch(feed)
      } catch {
        environment.log.write(ErrorLogEntry(requestId: "feeds", error: String(describing: error)).line)
      }
    }
    return due.count
  }

  /// One fetch: new items stored, or the reason it failed recorded on the feed.
  private func fetch(_ feed: FeedStore.Feed) throws {
    let outcome: Result<FeedFetcher.Outcome, any Error> = Result {
      try environment.feeds.fetch(feed.url, feed.etag, feed.lastModified)
    }
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      let store = FeedStore(connection)
      // The feed may have been removed or moved while it was being fetched.
      guard let current = try store.feed(id: feed.id), current.url == feed.url else { return }
      switch outcome {
      case .success(.notModified):
        try store.recordUnchanged(feedID: feed.id, at: now)
      case .success(.fetched(let body, let etag, let lastModified)):
        do {
          let items = try FeedParser.items(from: body, now: now, address: feed.url)
          try store.recordSuccess(
            feedID: feed.id, items: items, etag: etag, lastModified: lastModified, at: now,
            makeID: environment.makeID)
        } catch {
          try store.recordFailure(feedID: feed.id, error: Self.stored(error), at: now)
        }
      case .failure(let error):
        try store.recordFailure(feedID: feed.id, error: Self.stored(error), at: now)
      }
    }
  }

  /// What is kept with the feed: the trouble's code, worded when read.
  private static func stored(_ error: any Error) -> String {
    switch error {
    case let failure as FeedFetcher.Failure: failure.trouble.code
    case let failure as FeedParser.Failure: failure.trouble.code
    default: FeedTrouble.downloadFailed.code
    }
  }

  /// A stored failure in the reader's words (text stored before codes stays as it is).
  package static func worded(_ stored: String?, in language: Language) -> String? {
    stored.map { FeedTrouble(code: $0)?.text(in: language) ?? $0 }
  }

  // MARK: - Input

  private static func name(_ text: String, into validator: inout Validator) -> String {
    let name = text.trimmingWhitespace
    validator.require(
      (1...maximumNameLength).contains(name.count), "name", .charactersBetween(1, maximumNameLength))
    return name
  }

  /// An http or https address with a host and no user name or password in it.
  private static func address(_ text: String, into validator: inout Validator) -> String {
    let address = text.trimmingWhitespace
    let url = URL(string: address)
    let scheme = url?.scheme?.lowercased()
    validator.require(
      address.count <= maximumAddressLength && (scheme == "http" || scheme == "https") && url?.host?.isEmpty == false
        && url?.user == nil && url?.password == nil,
      "url", .feedAddress)
    return address
  }

  private func refusingDuplicateAddress(_ url: String, _ write: () throws -> Void) throws {
    do {
      try write()
    } catch let error as DatabaseError where error.isUniqueViolation {
      throw Problem.conflict(.feedExists(url: url))
    }
  }

  package static func body(_ feed: FeedStore.Feed, in language: Language = .en) -> TimelineFeed {
    TimelineFeed(
      id: feed.id, name: feed.name, url: feed.url, active: feed.isActive, itemCount: feed.itemCount,
      lastFetchedAt: feed.lastFetchedAt.map(Instant.text), lastSuccessAt: feed.lastSuccessAt.map(Instant.text),
      lastError: worded(feed.lastError, in: language))
  }
}
