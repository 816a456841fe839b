import AtriumAPI
import AtriumServer
import AtriumServices
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// The effects the composition root passes in (randomness, feed fetching) are the ones the
/// services use: a test that sets one up sees exactly its answers, with no network.
@Suite(.checksBalanceRows) struct InjectedEffectsTests {
  @Test func temporaryPasswordsComeFromTheRandomSource() throws {
    // Tokens must still differ (they are unique), so only the 14 bytes a temporary password
    // takes are fixed.
    let app = try TestApp(configure: {
      $0.random = RandomSource { count in
        count == 14 ? Array(repeating: 7, count: count) : RandomSource.system.bytes(count)
      }
    })
    let ana = try app.login("ana").accessToken
    let eva = try app.login("eva").user
    let created = app.send(
      .people(.create),
      json: #"""
        {"username": "nuria", "email": "nuria@atrium-demo.example", "firstName": "Nuria", "lastName": "Gómez",
         "departmentId": "\#(eva.department.id)", "locationId": "\#(eva.location.id)"}
        """#,
      token: ana)
    #expect(created.status == 201, "\(created.text)")
    // Byte 7 is the eighth letter of the unambiguous alphabet, fourteen times.
    #expect(try JSONText.decode(CreatedPerson.self, from: created).temporaryPassword == "hhhhhhhhhhhhhh")
  }

  @Test func feedsAreFetchedThroughTheFeedClient() throws {
    let asked = Mutex<[String]>([])
    let rss = """
      <?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
      <item><guid>1</guid><title>Canned</title><description>From the test's client</description>
      <pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate><link>https://news.example/1</link></item>
      </channel></rss>
      """
    let app = try TestApp(configure: {
      $0.feedClient = FeedClient { address, _, _ in
        asked.withLock { $0.append(address) }
        return .fetched(body: Array(rss.utf8), etag: nil, lastModified: nil)
      }
    })
    let ana = try app.login("ana").accessToken
    let created = app.send(
      .timeline(.createFeed), json: #"{"name": "News", "url": "https://news.example/feed.rss"}"#, token: ana)
    #expect(created.status == 201, "\(created.text)")
    let feed = try JSONText.decode(TimelineFeed.self, from: created)
    let refreshed = try JSONText.decode(
      TimelineFeed.self, from: app.send(.timeline(.refreshFeed(id: feed.id)), token: ana))
    #expect(refreshed.itemCount == 1)
    #expect(asked.withLock { $0 } == ["https://news.example/feed.rss"])
    let page = try JSONText.decode(TimelinePage.self, from: app.send(.timeline(.page(.first)), token: ana))
    #expect(page.items.first?.title == "Canned")
  }
}
