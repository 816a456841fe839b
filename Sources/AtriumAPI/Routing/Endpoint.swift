import AtriumHTTPTypes

/// One endpoint of a section, written once: its method and path template, how a matched
/// request becomes the section's value, and the rules the server applies before running it.
public struct Endpoint<Section: Sendable>: Sendable {
  public let method: HTTPMethod
  /// The path template as `openapi.yaml` writes it, e.g. `/api/v1/people/{id}`.
  public var template: String { path.text }
  public let rules: EndpointRules
  let path: PathTemplate
  let make: @Sendable (_ parameters: [String], _ query: [String: String]) throws(RouteError) -> Section

  /// - Parameters:
  ///   - make: Builds the value from the decoded `{parameter}` segments, in template order, and
  ///     the decoded query; throws `RouteError.invalidQuery` for a malformed one.
  public init(
    _ method: HTTPMethod, _ template: String, access: EndpointRules.Access, work: EndpointRules.Work,
    replay: EndpointRules.Replay, beforePasswordChange: EndpointRules.BeforePasswordChange,
    bodyLimit: EndpointRules.BodyLimit,
    make: @escaping @Sendable (_ parameters: [String], _ query: [String: String]) throws(RouteError) -> Section
  ) {
    self.method = method
    self.path = PathTemplate(template)
    self.rules = EndpointRules(
      access: access, work: work, replay: replay, beforePasswordChange: beforePasswordChange, bodyLimit: bodyLimit)
    self.make = make
  }
}

/// A section of the API (time off, the board, people…): a nested enum of `Route` in a file
/// of its own, with one case per endpoint.
public protocol RouteSection: Hashable, Sendable {
  /// One name per endpoint; its raw value is the endpoint's `operationId` in `openapi.yaml`.
  associatedtype Name: RawRepresentable, CaseIterable, Hashable, Sendable where Name.RawValue == String

  /// The row of an endpoint. Written as a `switch` over `Name` without `default:`, so an
  /// endpoint without a row does not compile.
  static func endpoint(_ name: Name) -> Endpoint<Self>

  /// Which endpoint this value is, the values of its path parameters in template order, and
  /// its query parameters in a stable order (defaults left out).
  var parts: RouteParts<Name> { get }

  /// At least one value of every endpoint, for the round-trip and contract tests.
  static var examples: [Self] { get }
}

/// What a route value says about itself: see `RouteSection.parts`.
public struct RouteParts<Name: Sendable>: Sendable {
  public let name: Name
  public let parameters: [String]
  public let query: [(name: String, value: String)]

  public init(_ name: Name, _ parameters: [String] = [], query: [(name: String, value: String)] = []) {
    self.name = name
    self.parameters = parameters
    self.query = query
  }
}

extension Route {
  /// Query items for optional values: nil ones are left out.
  static func queryItems(_ pairs: (String, String?)...) -> [(name: String, value: String)] {
    pairs.compactMap { pair in pair.1.map { (pair.0, $0) } }
  }
}
