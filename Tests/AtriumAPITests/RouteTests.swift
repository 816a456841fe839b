import AtriumAPI
import Testing

@Suite struct RouteTests {
  @Test func examplesCoverEveryCase() {
    #expect(Set(Route.examples.map(\.name)) == Set(Route.Name.allCases))
  }

  @Test(arguments: Route.examples)
  func everyRouteRoundTrips(_ route: Route) throws {
    let target = route.pathAndQuery
    let (path, query) = split(target)
    #expect(try Route(method: route.method.rawValue, path: path, query: query) == route)
  }

  @Test func unknownPathIsNotFound() {
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/nothing") }
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/me/") }
  }

  @Test func wrongMethodListsTheAllowedOnes() {
    #expect(throws: RouteError.methodNotAllowed(allowed: [.get])) { try Route(method: "DELETE", path: "/healthz") }
    #expect(throws: RouteError.methodNotAllowed(allowed: [.get, .patch])) {
      try Route(method: "DELETE", path: "/api/v1/me")
    }
    #expect(throws: RouteError.methodNotAllowed(allowed: [.get, .post])) {
      try Route(method: "PUT", path: "/api/v1/locations")
    }
  }

  @Test func limitOutsideRangeIsRefused() throws {
    for limit in ["0", "1001", "-1", "ten", ""] {
      #expect(throws: RouteError.self) { try Route(method: "GET", path: "/api/v1/locations", query: ["limit": limit]) }
    }
    #expect(
      try Route(method: "GET", path: "/api/v1/locations", query: ["limit": "1000"])
        == .locations(PageRequest(limit: 1000)))
  }

  @Test func pathParametersAreDecoded() throws {
    let route = try Route(method: "GET", path: "/api/v1/people/a%20b%2Fc/photo", query: ["size": "512"])
    #expect(route == .personPhoto(id: "a b/c", size: .large))
    #expect(throws: RouteError.self) {
      try Route(method: "GET", path: "/api/v1/people/x/photo", query: ["size": "100"])
    }
  }

  @Test func malformedEscapesDoNotMatch() {
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/people/%zz/photo") }
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/people/%ff/photo") }
  }

  @Test func percentEncodingRoundTrips() {
    for text in ["plain", "a b", "ñ/é?&=#", "100%", "🙂"] {
      #expect(PercentEncoding.decode(PercentEncoding.encode(text)) == text)
    }
    #expect(PercentEncoding.encode("a b/c") == "a%20b%2Fc")
    #expect(PercentEncoding.decode("a+b", plusIsSpace: true) == "a b")
  }

  private func split(_ target: String) -> (String, [String: String]) {
    guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
    var query: [String: String] = [:]
    for pair in target[target.index(after: mark)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      query[PercentEncoding.decode(parts[0])!] = PercentEncoding.decode(parts[1])!
    }
    return (String(target[..<mark]), query)
  }
}
