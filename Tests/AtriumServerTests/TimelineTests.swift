import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// Serves fixture feeds on a loopback port: good, malformed, huge, slow, missing, and one
/// that answers 304 to its own ETag.
struct FeedFixtureServer {
  let responder = FeedFixtureResponder()
  let server: HTTPServer

  init() throws {
    server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1, workerCount: 2, log: .discard),
      responder: responder)
    try server.start()
  }

  var notModifiedAnswers: Int { responder.notModifiedAnswers.value }

  func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

  func stop() {
    responder.releaseSlow.signal()
    responder.releaseSlow.signal()
    server.stop()
  }
}

final class FeedFixtureResponder: HTTPResponder {
  let notModifiedAnswers = Shared(0)
  let releaseSlow = DispatchSemaphore(value: 0)

  func bodyLimit(method: String, path: String) -> Int { 1 << 10 }

  func respond(to request: HTTPRequest) -> HTTPOutcome {
    let xml = "application/rss+xml"
    switch request.path {
    case "/mastodon.rss":
      return .response(HTTPResponse(status: 200, contentType: xml, body: Array(FeedFixtures.mastodonRSS.utf8)))
    case "/blog.atom":
      if request.headers["If-None-Match"] == "\"v1\"" {
        notModifiedAnswers.update { $0 += 1 }
        return .response(HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", "\"v1\"")])))
      }
      return .response(
        HTTPResponse(
          status: 200, headers: HTTPHeaders([("Content-Type", "application/atom+xml"), ("ETag", "\"v1\"")]),
          body: Array(FeedFixtures.atom.utf8)))
    case "/to-localhost":
      // A redirect to the same server under a name the operator did not allow.
      let port = request.headers["Host"]?.split(separator: ":").last ?? ""
      return .response(
        HTTPResponse(status: 302, headers: HTTPHeaders([("Location", "http://localhost:\(port)/mastodon.rss")])))
    case "/broken.rss":
      return .response(HTTPResponse(status: 200, contentType: xml, body: Array(FeedFixtures.malformed.utf8)))
    case "/huge.rss":
      let item = "<item><guid>x</guid><description>\(String(repeating: "a", count: 1000))</description></item>"
      let body = "<rss><channel>" + String(repeating: item, count: 3_000) + "</channel></rss>"
      return .response(HTTPResponse(status: 200, contentType: xml, body: Array(body.utf8)))
    case "/slow.rss":
      return .blocking {
        _ = self.releaseSlow.wait(timeout: .now() + 5)
        return HTTPResponse(status: 200, contentType: xml, body: Array(FeedFixtures.mastodonRSS.utf8))
      }
    default:
      return .response(HTTPResponse(status: 404, contentType: "text/plain", body: Array("not here".utf8)))
    }
  }

  func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
    HTTPResponse(status: refusal.status, contentType: "text/plain", body: Array(refusal.description.utf8))
  }
}

@Suite(.serialized, .checksBalanceRows) struct TimelineTests {
  let app: TestApp
  let feeds: FeedFixtureServer
  let ana: String
  let eva: String

  init() throws {
    // The fixture server is on loopback: allowed by name, as an operator allows an intranet host.
    app = try TestApp(configure: {
      $0.feedTimeout = 1
      $0.feedAddressPolicy = FeedAddressPolicy(allowedHosts: ["127.0.0.1"])
    })
    feeds = try FeedFixtureServer()
    ana = try app.login("ana").accessToken
    eva = try app.login("eva").accessToken
  }

  func timeline(_ token: String, _ page: PageRequest = .first) throws -> TimelinePage {
    try JSONText.decode(TimelinePage.self, from: app.send(.timeline(.page(page)), token: token))
  }

  func addFeed(_ name: String, _ path: String) throws -> TimelineFeed {
    let created = app.send(
      .timeline(.createFeed), json: JSONText.encode(NewTimelineFeed(name: name, url: feeds.url(path))), token: ana)
    #expect(created.status == 201, "\(created.text)")
    return try JSONText.decode(TimelineFeed.self, from: created)
  }

  func refresh(_ feed: TimelineFeed) throws -> TimelineFeed {
    let response = app.send(.timeline(.refreshFeed(id: feed.id)), token: ana)
    #expect(response.status == 200, "\(response.text)")
    return try JSONText.decode(TimelineFeed.self, from: response)
  }

  @Test func postsAndImportedPostsMergeNewestFirst() throws {
    defer { feeds.stop() }
    let empty = try timeline(eva)
    #expect(empty.items.isEmpty)
    #expect(empty.emptyReason == "Nothing has been posted yet.")

    let mastodon = try refresh(try addFeed("Mastodon", "/mastodon.rss"))
    #expect(mastodon.itemCount == 2)
    #expect(mastodon.lastError == nil)
    #expect(try refresh(try addFeed("Blog", "/blog.atom")).itemCount == 1)
    // Posted at 09:00 on 2 March: after the Mastodon post of 08:00, before the one of 3 March.
    let posted = app.send(.timeline(.createPost), json: #"{"text": "  Coffee in the kitchen!  "}"#, token: eva)
    #expect(posted.status == 201)
    let post = try JSONText.decode(TimelineItem.self, from: posted)
    #expect(post.text == "Coffee in the kitchen!")
    #expect(post.canDelete)

    let page = try timeline(eva)
    #expect(page.items.map(\.type) == ["social", "post", "social", "social"])
    #expect(page.items[0].text.hasPrefix("We are hiring in Valladolid!"))
    #expect(page.items[0].source?.name == "Mastodon")
    #expect(page.items[1].author?.displayName == "Eva Fernández")
    #expect(page.items[3].title == "Our new office")
    #expect(page.items[3].link == "https://blog.example/new-office")
    #expect(page.emptyReason == nil)
    #expect(page.unavailableFeeds.isEmpty)

    // Pages of two, with a cursor, give the same order.
    let first = try timeline(eva, PageRequest(limit: 2))
    let second = try timeline(eva, PageRequest(limit: 2, cursor: first.nextCursor))
    #expect((first.items + second.items).map(\.id) == page.items.map(\.id))
    #expect(second.nextCursor == nil)
  }

  @Test func fetchingAgainAddsNothingAndUsesTheETag() throws {
    defer { feeds.stop() }
    let blog = try refresh(try addFeed("Blog", "/blog.atom"))
    let again = try refresh(blog)
    #expect(again.itemCount == 1)
    #expect(feeds.notModifiedAnswers == 1)
    let mastodon = try addFeed("Mastodon", "/mastodon.rss")
    _ = try refresh(mastodon)
    #expect(try refresh(mastodon).itemCount == 2)
    #expect(try timeline(eva).items.count == 3)
  }

  @Test func privateAndLocalAddressesAreNotFetched() throws {
    defer { feeds.stop() }
    let strict = try TestApp()
    let admin = try strict.login("ana").accessToken
    for url in [
      feeds.url("/mastodon.rss"), "http://localhost:1/feed", "http://[::1]:1/feed", "http://10.1.2.3/feed",
      "http://192.168.1.1/feed", "http://169.254.169.254/latest/meta-data",
    ] {
      let created = strict.send(
        .timeline(.createFeed), json: JSONText.encode(NewTimelineFeed(name: "Inside", url: url)), token: admin)
      let feed = try JSONText.decode(TimelineFeed.self, from: created)
      let refreshed = try JSONText.decode(
        TimelineFeed.self, from: strict.send(.timeline(.refreshFeed(id: feed.id)), token: admin))
      #expect(refreshed.lastError?.contains("private or local network") == true, "\(url): \(refreshed.lastError ?? "")")
      #expect(refreshed.itemCount == 0)
    }
    #expect(feeds.notModifiedAnswers == 0)
    // An allowed host cannot redirect to one that is not.
    let redirected = try refresh(try addFeed("Hop", "/to-localhost"))
    #expect(redirected.lastError?.hasPrefix("a redirect: the address is on a private or local network") == true)
    #expect(redirected.itemCount == 0)
  }

  @Test func aBrokenFeedSaysWhyAndKeepsWhatItHad() throws {
    defer { feeds.stop() }
    let broken = try refresh(try addFeed("Broken", "/broken.rss"))
    #expect(broken.lastError?.contains("not well-formed") == true)
    let huge = try refresh(try addFeed("Huge", "/huge.rss"))
    #expect(huge.lastError == "the feed is larger than 2 MiB")
    let slow = try refresh(try addFeed("Slow", "/slow.rss"))
    #expect(slow.lastError == "the feed could not be reached (no answer, or the connection was refused)")
    let missing = try refresh(try addFeed("Missing", "/missing.rss"))
    #expect(missing.lastError == "the server answered HTTP 404")
    // Stored as a code, worded for each reader: the timeline's list of unreadable feeds too.
    let spanish = app.send(.timeline(.feeds), token: ana, headers: [("Accept-Language", "es")])
    #expect(
      try JSONText.decode(Page<TimelineFeed>.self, from: spanish).items.first { $0.id == missing.id }?.lastError
        == "el servidor respondió HTTP 404")
    let reader = try app.login("eva").accessToken
    let spanishTimeline = try JSONText.decode(
      TimelinePage.self, from: app.send(.timeline(.page(.first)), token: reader, headers: [("Accept-Language", "es")]))
    #expect(
      spanishTimeline.unavailableFeeds.first { $0.feedId == missing.id }?.error == "el servidor respondió HTTP 404")
    let closedPort = app.send(
      .timeline(.createFeed), json: JSONText.encode(NewTimelineFeed(name: "Nobody", url: "http://127.0.0.1:1/feed")),
      token: ana)
    let nobody = try refresh(try JSONText.decode(TimelineFeed.self, from: closedPort))
    // A closed port is worded as a silent host: errors do not map the network.
    #expect(nobody.lastError == slow.lastError)

    let page = try timeline(eva)
    #expect(page.items.isEmpty)
    #expect(Set(page.unavailableFeeds.map(\.name)) == ["Broken", "Huge", "Slow", "Missing", "Nobody"])
    let reason = try #require(page.emptyReason)
    #expect(reason.contains("could not be loaded"))
    #expect(reason.contains("Huge: the feed is larger than 2 MiB"))

    // A feed that worked keeps its posts when a later fetch fails.
    let moved = app.send(
      .timeline(.updateFeed(id: broken.id)), json: JSONText.encode(TimelineFeedChange(url: feeds.url("/mastodon.rss"))),
      token: ana)
    #expect(try JSONText.decode(TimelineFeed.self, from: moved).lastError == nil)
    #expect(try refresh(broken).itemCount == 2)
    _ = app.send(
      .timeline(.updateFeed(id: broken.id)), json: JSONText.encode(TimelineFeedChange(url: feeds.url("/broken.rss"))),
      token: ana)
    let failedAgain = try refresh(broken)
    #expect(failedAgain.itemCount == 2)
    #expect(failedAgain.lastError != nil)
    #expect(try timeline(eva).items.count == 2)
  }

  @Test func onlyAdminsManageFeedsAndAddressesAreChecked() throws {
    defer { feeds.stop() }
    let body = JSONText.encode(NewTimelineFeed(name: "Mine", url: feeds.url("/mastodon.rss")))
    #expect(app.send(.timeline(.createFeed), json: body, token: eva).status == 403)
    #expect(app.send(.timeline(.feeds), token: eva).status == 403)
    for bad in [
      "ftp://example.com/feed", "javascript:alert(1)", "https://user:secret@example.com/feed", "not a url", "",
    ] {
      let refused = app.send(
        .timeline(.createFeed), json: JSONText.encode(NewTimelineFeed(name: "Bad", url: bad)), token: ana)
      #expect(refused.status == 400, "\(bad)")
      #expect(refused.problem?.errors?.first?.field == "url")
    }
    let feed = try addFeed("Mastodon", "/mastodon.rss")
    #expect(app.send(.timeline(.createFeed), json: body, token: ana).status == 409)
    #expect(app.send(.timeline(.updateFeed(id: feed.id)), json: #"{"active": false}"#, token: eva).status == 403)
    #expect(app.send(.timeline(.refreshFeed(id: feed.id)), token: eva).status == 403)
    #expect(app.send(.timeline(.deleteFeed(id: feed.id)), token: eva).status == 403)
    #expect(app.send(.timeline(.refreshFeed(id: "nope")), token: ana).status == 404)

    // A paused feed's posts leave the timeline; deleting the feed removes them.
    _ = try refresh(feed)
    #expect(try timeline(eva).items.count == 2)
    _ = app.send(.timeline(.updateFeed(id: feed.id)), json: #"{"active": false}"#, token: ana)
    #expect(try timeline(eva).items.isEmpty)
    #expect(app.send(.timeline(.deleteFeed(id: feed.id)), token: ana).status == 204)
    let list = try JSONText.decode(Page<TimelineFeed>.self, from: app.send(.timeline(.feeds), token: ana))
    #expect(list.items.isEmpty)
    let audit = try JSONText.decode(Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana))
    #expect(audit.items.prefix(3).map(\.action) == ["feed.delete", "feed.update", "feed.create"])
  }

  @Test func authorsAndAdminsDeletePosts() throws {
    defer { feeds.stop() }
    let mario = try app.login("mario").accessToken
    let post = try JSONText.decode(
      TimelineItem.self, from: app.send(.timeline(.createPost), json: #"{"text": "Team lunch on Friday"}"#, token: eva))
    let asMario = try timeline(mario).items.first
    #expect(asMario?.canDelete == false)
    #expect(app.send(.timeline(.deletePost(id: post.id)), token: mario).status == 403)
    #expect(try timeline(ana).items.first?.canDelete == true)
    #expect(app.send(.timeline(.deletePost(id: post.id)), token: eva).status == 204)
    #expect(app.send(.timeline(.deletePost(id: post.id)), token: eva).status == 404)

    let other = try JSONText.decode(
      TimelineItem.self,
      from: app.send(.timeline(.createPost), json: #"{"text": "<script>alert(1)</script>"}"#, token: mario))
    #expect(other.text == "<script>alert(1)</script>", "kept as text; pages escape it")
    #expect(app.send(.timeline(.deletePost(id: other.id)), token: ana).status == 204)
    let audit = try JSONText.decode(Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana))
    #expect(audit.items.first?.action == "post.delete")
  }

  @Test func badPostsAreRefused() throws {
    defer { feeds.stop() }
    #expect(app.send(.timeline(.createPost), json: #"{"text": "   "}"#, token: eva).status == 400)
    let long = String(repeating: "a", count: 5_001)
    #expect(app.send(.timeline(.createPost), json: #"{"text": "\#(long)"}"#, token: eva).status == 400)
    #expect(app.send(.timeline(.createPost), json: #"{"text": 42}"#, token: eva).status == 400)
    #expect(app.send(.timeline(.createPost), json: #"{"text": "hi"}"#).status == 401)
    #expect(app.send(.timeline(.page(PageRequest(limit: 10, cursor: "forged"))), token: eva).status == 400)
    #expect(try timeline(eva).items.isEmpty)
  }
}
