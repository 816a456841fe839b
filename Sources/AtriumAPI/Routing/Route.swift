/// Every JSON API endpoint, as a value: the server matches requests into it, clients build
/// requests from it, and `openapi.yaml` documents each case.
public enum Route: Hashable, Sendable {
  /// `GET /healthz`: the process is up and answering.
  case health
  /// `GET /api/openapi.yaml`: this contract, as OpenAPI 3.1.
  case openAPI
  /// `POST /api/v1/auth/login`: username and password in, tokens out.
  case login
  /// `POST /api/v1/auth/refresh`: a refresh token in, a new pair out (the old one is spent).
  case refresh
  /// `POST /api/v1/auth/logout`: ends one session, or every session of the caller.
  case logout(everywhere: Bool)
  /// `GET /api/v1/me`: the signed-in user.
  case me
  /// `GET /api/v1/locations`: the company's offices, by name.
  case locations(PageRequest)
  /// `POST /api/v1/locations`: an admin adds an office.
  case createLocation
  /// `GET /api/v1/departments`: the company's departments, by name.
  case departments(PageRequest)
  /// `POST /api/v1/departments`: an admin adds a department.
  case createDepartment
  /// `GET /api/v1/people/{id}/photo?size=`: a person's picture (their initials until they
  /// have a photo).
  case personPhoto(id: String, size: PhotoSize)
}

/// The sizes profile pictures are served in, in pixels.
public enum PhotoSize: Int, Hashable, Sendable, CaseIterable {
  case small = 96
  case large = 512
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

extension Route {
  /// A name per case, so tests can check that examples and the contract cover every case.
  public enum Name: String, CaseIterable, Sendable {
    case health, openAPI, login, refresh, logout, me
    case locations, createLocation, departments, createDepartment, personPhoto
  }

  public var name: Name {
    switch self {
    case .health: .health
    case .openAPI: .openAPI
    case .login: .login
    case .refresh: .refresh
    case .logout: .logout
    case .me: .me
    case .locations: .locations
    case .createLocation: .createLocation
    case .departments: .departments
    case .createDepartment: .createDepartment
    case .personPhoto: .personPhoto
    }
  }

  /// The HTTP method of this endpoint.
  public var method: HTTPMethod { Self.endpoint(named: name).method }

  /// The path template as `openapi.yaml` writes it, e.g. `/api/v1/people/{id}`.
  public var template: String { Self.endpoint(named: name).template }

  /// The concrete path, parameters filled in and percent-encoded.
  public var path: String {
    switch self {
    case .health, .openAPI, .login, .refresh, .logout, .me, .locations, .createLocation,
      .departments, .createDepartment:
      template
    case .personPhoto(let id, _):
      "/api/v1/people/\(PercentEncoding.encode(id))/photo"
    }
  }

  /// Query parameters, in a stable order.
  public var query: [(name: String, value: String)] {
    switch self {
    case .logout(let everywhere):
      everywhere ? [("everywhere", "true")] : []
    case .locations(let page), .departments(let page):
      page.queryItems
    case .personPhoto(_, let size):
      [("size", String(size.rawValue))]
    case .health, .openAPI, .login, .refresh, .me, .createLocation, .createDepartment:
      []
    }
  }

  /// The path and query as one string, e.g. `/api/v1/locations?limit=10`.
  public var pathAndQuery: String {
    let items = query.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
    return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
  }

  /// Whether a caller must be signed in to use this endpoint.
  public var requiresAuthentication: Bool {
    switch self {
    case .health, .openAPI, .login, .refresh: false
    case .logout, .me, .locations, .createLocation, .departments, .createDepartment, .personPhoto:
      true
    }
  }

  /// One example of every case, for round-trip and contract tests.
  public static let examples: [Route] = [
    .health, .openAPI, .login, .refresh, .logout(everywhere: false), .logout(everywhere: true), .me,
    .locations(.first), .locations(PageRequest(limit: 5, cursor: "abc")), .createLocation,
    .departments(.first), .departments(PageRequest(limit: 1000, cursor: "x y")), .createDepartment,
    .personPhoto(id: "5f0e4a3c-8d1b-4c2e-9a7f-0b6d3e2c1a90", size: .small),
    .personPhoto(id: "a b/c", size: .large),
  ]
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
        throw .invalidQuery(
          field: "limit", message: "must be a whole number from 1 to \(PageRequest.maximumLimit)")
      }
      limit = value
    }
    let cursor = query["cursor"]
    if let cursor, cursor.isEmpty {
      throw .invalidQuery(field: "cursor", message: "must not be empty")
    }
    self.init(limit: limit, cursor: cursor)
  }
}
