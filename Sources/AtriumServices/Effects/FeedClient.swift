/// Fetches timeline feeds: over HTTP in production (`FeedFetcher`); a test passes canned
/// answers, or `failing`, which stops the test at once if anything fetches a feed.
public struct FeedClient: Sendable {
  /// The address, and the validators of the last answer (ETag, Last-Modified).
  public var fetch:
    @Sendable (_ address: String, _ etag: String?, _ lastModified: String?) throws -> FeedFetcher.Outcome

  public init(
    fetch:
      @escaping @Sendable (_ address: String, _ etag: String?, _ lastModified: String?) throws ->
      FeedFetcher.Outcome
  ) {
    self.fetch = fetch
  }

  /// Over HTTP, with a deadline of `timeout` seconds per fetch, to the addresses `policy` allows.
  public static func http(timeout: Double, policy: FeedAddressPolicy = FeedAddressPolicy()) -> FeedClient {
    var configured = FeedFetcher(timeout: timeout)
    configured.policy = policy
    let fetcher = configured
    return FeedClient { try fetcher.fetch($0, etag: $1, lastModified: $2) }
  }

  /// For code that must not fetch anything: any call stops the process with a message.
  public static let failing = FeedClient { address, _, _ in
    fatalError("FeedClient.failing: something fetched \(address); this test set up no feeds")
  }
}
