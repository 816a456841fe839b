/// One page of a list: `{"items": [...], "nextCursor": "..." | null}`.
public struct Page<Item: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
  public var items: [Item]
  /// Pass as `cursor` to get the next page; null on the last page.
  public var nextCursor: String?

  public init(items: [Item], nextCursor: String?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// `nextCursor` is always present, as `null` on the last page.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(nextCursor, forKey: .nextCursor)
  }
}

/// `GET /healthz` body.
public struct Health: Codable, Hashable, Sendable {
  public var status: String

  public init(status: String = "ok") {
    self.status = status
  }
}
