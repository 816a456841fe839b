/// Why a request did not match a route.
public enum RouteError: Error, Hashable, Sendable {
  /// No endpoint has this path.
  case notFound
  /// The path exists, but not with this method; `allowed` lists the methods it has.
  case methodNotAllowed(allowed: [HTTPMethod])
  /// The path and method match, but a query parameter is malformed.
  case invalidQuery(field: String, message: String)
}

extension Route {
  /// One endpoint of the table: a method, a path template, and how to build the route.
  struct Endpoint: Sendable {
    let name: Name
    let method: HTTPMethod
    let template: String
    let segments: [Substring]
    let make: @Sendable (_ parameters: [String], _ query: [String: String]) throws(RouteError) -> Route

    init(
      _ name: Name, _ method: HTTPMethod, _ template: String,
      make:
        @escaping @Sendable (_ parameters: [String], _ query: [String: String]) throws(RouteError) ->
        Route
    ) {
      self.name = name
      self.method = method
      self.template = template
      self.segments = template.split(separator: "/", omittingEmptySubsequences: false)
      self.make = make
    }
  }

  /// The table the server matches against; `name`'s switch ensures every case has a row.
  static let endpoints: [Endpoint] = [
    Endpoint(.health, .get, "/healthz") { _, _ in .health },
    Endpoint(.openAPI, .get, "/api/openapi.yaml") { _, _ in .openAPI },
    Endpoint(.login, .post, "/api/v1/auth/login") { _, _ in .login },
    Endpoint(.refresh, .post, "/api/v1/auth/refresh") { _, _ in .refresh },
    Endpoint(.logout, .post, "/api/v1/auth/logout") { _, query throws(RouteError) in
      .logout(everywhere: try flag("everywhere", in: query))
    },
    Endpoint(.me, .get, "/api/v1/me") { _, _ in .me },
    Endpoint(.locations, .get, "/api/v1/locations") { _, query throws(RouteError) in
      .locations(try PageRequest(query: query))
    },
    Endpoint(.createLocation, .post, "/api/v1/locations") { _, _ in .createLocation },
    Endpoint(.departments, .get, "/api/v1/departments") { _, query throws(RouteError) in
      .departments(try PageRequest(query: query))
    },
    Endpoint(.createDepartment, .post, "/api/v1/departments") { _, _ in .createDepartment },
    Endpoint(.personPhoto, .get, "/api/v1/people/{id}/photo") { parameters, query throws(RouteError) in
      var size = PhotoSize.small
      if let text = query["size"] {
        guard let value = Int(text), let chosen = PhotoSize(rawValue: value) else {
          throw .invalidQuery(field: "size", message: "must be 96 or 512")
        }
        size = chosen
      }
      return .personPhoto(id: parameters[0], size: size)
    },
  ]

  static func endpoint(named name: Name) -> Endpoint {
    endpoints.first { $0.name == name }!
  }

  /// Matches a request.
  /// - Parameters:
  ///   - method: The request method, e.g. `GET`.
  ///   - path: The path as sent, still percent-encoded, without the query.
  ///   - query: Decoded query parameters.
  /// - Throws: `RouteError` saying whether the path is unknown, the method wrong, or the query bad.
  public init(method: String, path: String, query: [String: String] = [:]) throws(RouteError) {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    var allowed: [HTTPMethod] = []
    for endpoint in Self.endpoints {
      guard let parameters = Self.parameters(of: segments, matching: endpoint.segments) else {
        continue
      }
      guard endpoint.method.rawValue == method else {
        allowed.append(endpoint.method)
        continue
      }
      self = try endpoint.make(parameters, query)
      return
    }
    throw allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }

  /// The decoded values of the `{parameter}` segments, or nil when the path does not match.
  private static func parameters(of path: [Substring], matching template: [Substring]) -> [String]? {
    guard path.count == template.count else { return nil }
    var parameters: [String] = []
    for (segment, pattern) in zip(path, template) {
      if pattern.first == "{" {
        guard let value = PercentEncoding.decode(segment), !value.isEmpty else { return nil }
        parameters.append(value)
      } else if segment != pattern {
        return nil
      }
    }
    return parameters
  }

  private static func flag(_ name: String, in query: [String: String]) throws(RouteError) -> Bool {
    switch query[name] {
    case nil, "false": return false
    case "true": return true
    default: throw .invalidQuery(field: name, message: "must be true or false")
    }
  }
}
