import AtriumDomain
import AtriumHTTPTypes

// The values route cases carry: queries, filters and pages.

/// The sizes profile pictures are served in, in pixels.
public enum PhotoSize: Int, Hashable, Sendable, CaseIterable {
  case small = 96
  case large = 512
}

/// A directory search.
public struct PeopleQuery: Hashable, Sendable {
  /// Words that must each start a word of the name, username, position or department.
  public var text: String?
  public var departmentID: String?
  public var locationID: String?
  public var page: PageRequest

  public init(text: String? = nil, departmentID: String? = nil, locationID: String? = nil, page: PageRequest = .first) {
    self.text = text
    self.departmentID = departmentID
    self.locationID = locationID
    self.page = page
  }
}

/// Which requests the approvals list shows.
public enum ApprovalFilter: String, Hashable, Sendable, CaseIterable {
  case pending, approved, rejected, cancelled, all

  /// The status to filter on, or nil for all.
  public var status: LeaveStatus? { LeaveStatus(rawValue: rawValue) }
}

/// The dates and halves of a request being previewed.
public struct LeaveQuery: Hashable, Sendable {
  public var start: CalendarDate
  public var end: CalendarDate
  public var startHalf: StartHalf
  public var endHalf: EndHalf
  /// The leave type the request would have (the company's default when nil): only types that
  /// count against the allowance can run out of days.
  public var typeId: String?
  /// The pending request this would change, whose own days neither overlap nor count.
  public var replacing: String?

  public init(
    start: CalendarDate, end: CalendarDate, startHalf: StartHalf = .full, endHalf: EndHalf = .full,
    typeId: String? = nil, replacing: String? = nil
  ) {
    self.start = start
    self.end = end
    self.startHalf = startHalf
    self.endHalf = endHalf
    self.typeId = typeId
    self.replacing = replacing
  }
}

/// Which page of a list to return (`?limit=&cursor=`).
public struct PageRequest: Hashable, Sendable {
  public static let defaultLimit = 100
  public static let maximumLimit = 1000

  public var limit: Int
  /// The opaque `nextCursor` of the previous page, or nil for the first page.
  public var cursor: String?

  public init(limit: Int = PageRequest.defaultLimit, cursor: String? = nil) {
    self.limit = limit
    self.cursor = cursor
  }

  /// The first page with the default size.
  public static let first = PageRequest()
}

extension PageRequest {
  var queryItems: [(name: String, value: String)] {
    var items: [(name: String, value: String)] = []
    if limit != PageRequest.defaultLimit { items.append(("limit", String(limit))) }
    if let cursor { items.append(("cursor", cursor)) }
    return items
  }

  /// Reads `limit` and `cursor` from a query, refusing a limit outside 1...1000.
  init(query: [String: String]) throws(RouteError) {
    var limit = PageRequest.defaultLimit
    if let text = query["limit"] {
      guard let value = Int(text), (1...PageRequest.maximumLimit).contains(value) else {
        throw .invalidQuery(field: "limit", rule: .wholeNumberBetween(1, PageRequest.maximumLimit))
      }
      limit = value
    }
    let cursor = query["cursor"]
    if let cursor, cursor.isEmpty {
      throw .invalidQuery(field: "cursor", rule: .notEmpty)
    }
    self.init(limit: limit, cursor: cursor)
  }
}
