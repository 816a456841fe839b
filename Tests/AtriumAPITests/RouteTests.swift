import AtriumAPI
import AtriumHTTPTypes
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
        == .places(.locations(PageRequest(limit: 1000))))
  }

  @Test func pathParametersAreDecoded() throws {
    let route = try Route(method: "GET", path: "/api/v1/people/a%20b%2Fc/photo", query: ["size": "512"])
    #expect(route == .people(.photo(id: "a b/c", size: .large)))
    #expect(throws: RouteError.self) {
      try Route(method: "GET", path: "/api/v1/people/x/photo", query: ["size": "100"])
    }
  }

  @Test func segmentsMatchByTheirBytes_andASuffixMustEndTheSegment() throws {
    #expect(
      try Route(method: "GET", path: "/calendar/t%C3%A9.ics")
        == .calendar(.feed(token: "té", team: false, includePending: false)))
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/calendar/abc.ical") }
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/calendar/abcics") }
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/calendar/.ics") }
    // A fixed segment is its ASCII bytes: neither another case nor an escape of them matches.
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/ME/leave") }
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/m%65/leave") }
    #expect(try Route(method: "GET", path: "/api/v1/me/leave") == .leave(.mine(year: nil)))
  }

  @Test func malformedEscapesDoNotMatch() {
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/people/%zz/photo") }
    #expect(throws: RouteError.notFound) { try Route(method: "GET", path: "/api/v1/people/%ff/photo") }
  }

  @Test func onlyTheServiceSignInAForgottenPasswordSignUpAndCalendarFeedsAreAnonymous() {
    let anonymous = Set(Route.examples.filter { !$0.rules.requiresAuthentication }.map(\.name))
    #expect(
      anonymous == [
        "health", "openAPI", "login", "refresh", "calendarFeed", "forgotPassword", "completePasswordReset", "signUp",
        "resendSignUp",
      ])
  }

  @Test func answersWithTokensOrPasswordsAreNeverKeptForReplays() {
    for name: Route.Name in [
      "login", "refresh", "createPerson", "resetPassword", "changePassword", "updateDirectory", "completePasswordReset",
    ] {
      let route = Route.examples.first { $0.name == name }
      #expect(route?.rules.replay == .neverStored, "\(name)")
    }
    // A safe method has nothing to replay.
    for route in Route.examples where route.method == .get {
      #expect(route.rules.replay == .neverStored, "\(route.name)")
    }
  }

  @Test func onlyAChangeOfPasswordAndLeavingAreAllowedBeforeAPasswordChange() {
    let allowed = Set(
      Route.examples.filter { $0.rules.requiresAuthentication && $0.rules.beforePasswordChange == .allowed }
        .map(\.name))
    #expect(allowed == ["me", "changePassword", "logout"])
  }

  @Test func bodyLimitsAreKnownBeforeTheBodyArrives() {
    #expect(Route.rules(method: "PUT", path: "/api/v1/me/photo")?.bodyLimit == .photo)
    #expect(Route.rules(method: "PUT", path: "/api/v1/people/x/photo")?.bodyLimit == .photo)
    #expect(Route.rules(method: "POST", path: "/api/v1/people/import")?.bodyLimit == .staffList)
    #expect(Route.rules(method: "POST", path: "/api/v1/me/leave")?.bodyLimit == .standard)
    // A fixed segment beats a parameter here too: `read-all` is not a notice id.
    #expect(Route.rules(method: "POST", path: "/api/v1/board/read-all")?.access == .signedIn)
    #expect(Route.rules(method: "GET", path: "/api/v1/nothing") == nil)
    #expect(Route.rules(method: "DELETE", path: "/healthz") == nil)
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
