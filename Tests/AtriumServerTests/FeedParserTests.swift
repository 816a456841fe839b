import AtriumServices
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

/// Feed documents as Mastodon, blogs and broken servers write them.
enum FeedFixtures {
  /// A Mastodon profile's `.rss`: no titles, HTML descriptions, RFC 822 dates.
  static let mastodonRSS = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
      <channel>
        <title>Atrium Demo</title>
        <link>https://social.example/@atrium</link>
        <item>
          <guid isPermaLink="true">https://social.example/@atrium/2</guid>
          <link>https://social.example/@atrium/2</link>
          <pubDate>Tue, 03 Mar 2026 10:30:00 +0000</pubDate>
          <description>&lt;p&gt;We are hiring in Valladolid! &lt;a href="https://example.com/jobs"&gt;See the jobs&lt;/a&gt; &amp;amp; apply&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</description>
        </item>
        <item>
          <guid isPermaLink="true">https://social.example/@atrium/1</guid>
          <link>javascript:alert(document.cookie)</link>
          <pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate>
          <description><![CDATA[<p>Hello from Madrid, José &#233;&#x1F600;</p>]]></description>
        </item>
      </channel>
    </rss>
    """

  static let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom">
      <title>Atrium blog</title>
      <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
      <updated>2026-03-01T18:30:02Z</updated>
      <entry>
        <title>Our new office</title>
        <link rel="alternate" href="https://blog.example/new-office"/>
        <link rel="edit" href="https://blog.example/edit/1"/>
        <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
        <published>2026-03-01T18:30:02Z</published>
        <updated>2026-03-01T19:00:00.250Z</updated>
        <author><name>Ana García</name></author>
        <summary type="html">&lt;b&gt;Bigger&lt;/b&gt; and brighter.</summary>
      </entry>
    </feed>
    """

  static let malformed = "<rss version=\"2.0\"><channel><item><title>Oops</item></channel>"
  static let htmlPage = "<html><head><title>Not a feed</title></head><body>Hi</body></html>"
}

@Suite struct FeedParserTests {
  let now: Int64 = 1_772_442_000_000

  @Test func readsAMastodonProfile() throws {
    let items = try FeedParser.items(from: Array(FeedFixtures.mastodonRSS.utf8), now: now)
    #expect(items.count == 2)
    #expect(items[0].guid == "https://social.example/@atrium/2")
    #expect(items[0].summary == "We are hiring in Valladolid! See the jobs & apply")
    #expect(items[0].link == "https://social.example/@atrium/2")
    #expect(items[0].publishedAt == 1_772_533_800_000)
    #expect(items[0].title.isEmpty)
    // A link that is not http(s) is dropped; references are decoded.
    #expect(items[1].link.isEmpty)
    #expect(items[1].summary == "Hello from Madrid, José é😀")
    #expect(items[1].publishedAt == 1_772_438_400_000)
  }

  @Test func readsAnAtomFeed() throws {
    let items = try FeedParser.items(from: Array(FeedFixtures.atom.utf8), now: now)
    #expect(items.count == 1)
    #expect(items[0].title == "Our new office")
    #expect(items[0].link == "https://blog.example/new-office")
    #expect(items[0].author == "Ana García")
    #expect(items[0].summary == "Bigger and brighter.")
    #expect(items[0].guid == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
    #expect(items[0].publishedAt == 1_772_389_802_000)
  }

  @Test func refusesWhatIsNotAFeed() {
    #expect(throws: FeedParser.Failure.self) {
      try FeedParser.items(from: Array(FeedFixtures.malformed.utf8), now: now)
    }
    #expect(throws: FeedParser.Failure.self) { try FeedParser.items(from: Array(FeedFixtures.htmlPage.utf8), now: now) }
    #expect(throws: FeedParser.Failure.self) { try FeedParser.items(from: [], now: now) }
    #expect(throws: FeedParser.Failure.self) { try FeedParser.items(from: [0xFF, 0xFE, 0x00], now: now) }
  }

  @Test func plainTextOfHTML() {
    #expect(HTMLPlainText.text(of: "<p>One</p><p>Two<br>Three</p>") == "One\nTwo\nThree")
    #expect(HTMLPlainText.text(of: "a <style>p{}</style>b<script>x()</script> c") == "a b c")
    #expect(HTMLPlainText.text(of: "1 &lt; 2 &amp;&amp; &unknown; &#0;") == "1 < 2 && &unknown; &#0;")
    #expect(HTMLPlainText.text(of: String(repeating: "x", count: 50), limit: 10) == "xxxxxxxxx…")
  }

  @Test func namedCharacterReferencesAreDecoded() {
    #expect(
      HTMLPlainText.text(of: "Caf&eacute; Espa&ntilde;a &copy; 2026 &euro;5 &laquo;hola&raquo;")
        == "Café España © 2026 €5 «hola»")
  }

  @Test func relativeLinksResolveAgainstTheFeedAndXMLBase() throws {
    let rss = """
      <?xml version="1.0"?>
      <rss version="2.0"><channel><title>News</title>
        <item><guid>1</guid><title>Plain</title><link>/news/1</link></item>
        <item><guid>2</guid><title>Beside</title><link>2.html</link></item>
      </channel></rss>
      """
    let items = try FeedParser.items(
      from: Array(rss.utf8), now: now, address: "https://intranet.example/feeds/news.rss")
    #expect(items.map(\.link) == ["https://intranet.example/news/1", "https://intranet.example/feeds/2.html"])
    let atom = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/2026/">
        <title>Blog</title><id>urn:b</id><updated>2026-03-01T18:30:02Z</updated>
        <entry><title>One</title><id>urn:1</id><updated>2026-03-01T18:30:02Z</updated>
          <link href="one.html"/></entry>
        <entry xml:base="https://other.example/posts/"><title>Two</title><id>urn:2</id>
          <updated>2026-03-01T18:30:02Z</updated><link href="two"/></entry>
      </feed>
      """
    let entries = try FeedParser.items(from: Array(atom.utf8), now: now, address: "https://feeds.example/atom.xml")
    #expect(entries.map(\.link) == ["https://blog.example/2026/one.html", "https://other.example/posts/two"])
  }

  @Test func atomXHTMLContentIsRead() throws {
    let atom = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom">
        <title>Blog</title><id>urn:b</id><updated>2026-03-01T18:30:02Z</updated>
        <entry><title>Moving</title><id>urn:1</id><updated>2026-03-01T18:30:02Z</updated>
          <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>We move on <b>Monday</b>.</p><p>Bring boxes &amp; 1 &lt; 2 tape.</p></div></content>
        </entry>
      </feed>
      """
    let items = try FeedParser.items(from: Array(atom.utf8), now: now)
    #expect(items.first?.summary == "We move on Monday.\nBring boxes & 1 < 2 tape.")
  }
}
