import AtriumDomain
import AtriumHTTPTypes

/// Why a request did not match a route.
public enum RouteError: Error, Hashable, Sendable {
  /// No endpoint has this path.
  case notFound
  /// The path exists, but not with this method; `allowed` lists the methods it has.
  case methodNotAllowed(allowed: [HTTPMethod])
  /// The path and method match, but a query parameter is malformed.
  case invalidQuery(field: String, rule: FieldRule)
}

/// Every endpoint of every section, erased to `Route`, indexed for matching: by name, and by
/// the first path segment after `/api/v1` (`leave`, `me`, `board`…) with the number of
/// segments, so a request is compared only with the few endpoints that share both, however
/// many the API has (`/api/v1/me/leave` met 18 endpoints under `me` before the count was in
/// the key, about 600 instructions each).
struct RouteTable: Sendable {
  struct Entry: Sendable {
    let endpoints: [ErasedEndpoint]
    let examples: [Route]

    init<Section: RouteSection>(_ section: Section.Type, _ wrap: @escaping @Sendable (Section) -> Route) {
      endpoints = Section.Name.allCases.map { name in
        let endpoint = Section.endpoint(name)
        let make = endpoint.make
        return ErasedEndpoint(
          name: Route.Name(rawValue: name.rawValue), method: endpoint.method, path: endpoint.path,
          rules: endpoint.rules
        ) { parameters, query throws(RouteError) in wrap(try make(parameters, query)) }
      }
      examples = Section.examples.map(wrap)
    }
  }

  /// A class, so that going through the candidates retains each once rather than each of its
  /// fields.
  final class ErasedEndpoint: Sendable {
    let name: Route.Name
    let method: HTTPMethod
    let path: PathTemplate
    let rules: EndpointRules
    let make: @Sendable (_ parameters: [String], _ query: [String: String]) throws(RouteError) -> Route

    init(
      name: Route.Name, method: HTTPMethod, path: PathTemplate, rules: EndpointRules,
      make: @escaping @Sendable (_ parameters: [String], _ query: [String: String]) throws(RouteError) -> Route
    ) {
      self.name = name
      self.method = method
      self.path = path
      self.rules = rules
      self.make = make
    }
  }

  /// Where a path's candidates are filed: whether it is in the API, its first segment after
  /// `/api/v1` (or its first segment, outside the API) and how many segments it has.
  private struct Key: Hashable {
    let api: Bool
    let segment: Substring
    let count: Int
  }

  let endpoints: [ErasedEndpoint]
  let examples: [Route]
  private let byName: [Route.Name: ErasedEndpoint]
  private let byFirstSegment: [Key: [ErasedEndpoint]]
  /// The endpoints whose path has no parameter, by that path: most requests are for one, which
  /// is then found with one lookup of the path as sent, instead of comparing its segments with
  /// each candidate's (about 1,000 instructions a candidate, `make bench-cost`). A fixed path
  /// beats a parameter anyway, so when one is found no other endpoint can be the answer.
  private let byFixedPath: [String: [ErasedEndpoint]]

  init(_ sections: [Entry]) {
    endpoints = sections.flatMap(\.endpoints)
    examples = sections.flatMap(\.examples)
    byName = Dictionary(uniqueKeysWithValues: endpoints.map { ($0.name, $0) })
    byFirstSegment = Dictionary(grouping: endpoints) { Self.key(of: $0.path.segments) }
    byFixedPath = Dictionary(grouping: endpoints.filter { $0.path.parameterCount == 0 }) { $0.path.text }
  }

  /// The endpoints whose path is exactly `path`, with no parameter; empty when none is.
  func fixedEndpoints(at path: String) -> [ErasedEndpoint] {
    byFixedPath[path] ?? []
  }

  func endpoint(named name: Route.Name) -> ErasedEndpoint {
    guard let endpoint = byName[name] else { preconditionFailure("no endpoint named \(name)") }
    return endpoint
  }

  /// The endpoints whose path could match these segments.
  func candidates(for segments: [Substring]) -> [ErasedEndpoint] {
    byFirstSegment[Self.key(of: segments)] ?? []
  }

  /// `leave` in the API for `/api/v1/leave/…`; the first segment (`healthz`, `calendar`) for
  /// paths outside `/api/v1`; with the number of segments either way.
  private static func key(of segments: [Substring]) -> Key {
    if segments.count > 3, segments[1] == "api", segments[2] == "v1" {
      return Key(api: true, segment: segments[3], count: segments.count)
    }
    return Key(api: false, segment: segments.count > 1 ? segments[1] : "", count: segments.count)
  }
}

extension Route {
  /// Matches a request.
  /// - Parameters:
  ///   - method: The request method, e.g. `GET`.
  ///   - path: The path as sent, still percent-encoded, without the query.
  ///   - query: Decoded query parameters.
  /// - Throws: `RouteError` saying whether the path is unknown, the method wrong, or the query bad.
  public init(method: String, path: String, query: [String: String] = [:]) throws(RouteError) {
    // A fixed segment beats a parameter: `/api/v1/board/read-all` is only the POST that marks
    // all read, never a notice whose id is "read-all" (which also keeps `Allow` exact).
    var matches: [(endpoint: RouteTable.ErasedEndpoint, parameters: [String])] = Self.table.fixedEndpoints(
      at: path
    ).map { ($0, []) }
    if matches.isEmpty {
      let segments = path.pathSegments()
      for endpoint in Self.table.candidates(for: segments) {
        if let parameters = endpoint.path.parameters(of: segments) {
          matches.append((endpoint, parameters))
        }
      }
    }
    let mostSpecific = matches.map { $0.parameters.count }.min()
    var allowed: [HTTPMethod] = []
    for (endpoint, parameters) in matches where parameters.count == mostSpecific {
      guard endpoint.method.rawValue == method else {
        allowed.append(endpoint.method)
        continue
      }
      self = try endpoint.make(parameters, query)
      return
    }
    throw allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }

  /// The rules of the endpoint a request is for, without reading its query: what the engine
  /// needs before the body arrives. Nil when no endpoint has this method and path.
  public static func rules(method: String, path: String) -> EndpointRules? {
    let fixed = table.fixedEndpoints(at: path)
    if !fixed.isEmpty { return fixed.first { $0.method.rawValue == method }?.rules }
    let segments = path.pathSegments()
    let matches = table.candidates(for: segments).compactMap { endpoint in
      endpoint.path.parameters(of: segments).map { (endpoint, $0.count) }
    }
    let mostSpecific = matches.map(\.1).min()
    return matches.first { $0.1 == mostSpecific && $0.0.method.rawValue == method }?.0.rules
  }

  /// Years the API accepts.
  package static let validYears = 1900...9999

  static func year(in query: [String: String]) throws(RouteError) -> Int? {
    guard let text = query["year"] else { return nil }
    guard let year = Int(text), validYears.contains(year) else {
      throw .invalidQuery(field: "year", rule: .yearBetween(validYears.lowerBound, validYears.upperBound))
    }
    return year
  }

  static func date(_ name: String, in query: [String: String]) throws(RouteError) -> CalendarDate {
    guard let text = query[name] else { throw .invalidQuery(field: name, rule: .required) }
    guard let date = CalendarDate(text) else {
      throw .invalidQuery(field: name, rule: .date)
    }
    return date
  }

  static func choice<T: RawRepresentable & CaseIterable>(
    _ name: String, in query: [String: String], default fallback: T
  ) throws(RouteError) -> T where T.RawValue == String {
    guard let text = query[name] else { return fallback }
    guard let value = T(rawValue: text) else {
      throw .invalidQuery(field: name, rule: .unknownValue(allowed: T.allCases.map(\.rawValue)))
    }
    return value
  }

  static func flag(_ name: String, in query: [String: String]) throws(RouteError) -> Bool {
    switch query[name] {
    case nil, "false": return false
    case "true": return true
    default: throw .invalidQuery(field: name, rule: .trueOrFalse)
    }
  }
}
