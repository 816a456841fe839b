import AtriumDomain

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
    Endpoint(.updateLocation, .patch, "/api/v1/locations/{id}") { parameters, _ in .updateLocation(id: parameters[0]) },
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
      let version = query["v"]
      if let version, version.isEmpty || version.count > 64 {
        throw .invalidQuery(field: "v", message: "must be a photo version from a photoURL")
      }
      return .personPhoto(id: parameters[0], size: size, version: version)
    },
    Endpoint(.updateMyPhoto, .put, "/api/v1/me/photo") { _, _ in .updateMyPhoto },
    Endpoint(.deleteMyPhoto, .delete, "/api/v1/me/photo") { _, _ in .deleteMyPhoto },
    Endpoint(.updatePersonPhoto, .put, "/api/v1/people/{id}/photo") { parameters, _ in
      .updatePersonPhoto(id: parameters[0])
    },
    Endpoint(.deletePersonPhoto, .delete, "/api/v1/people/{id}/photo") { parameters, _ in
      .deletePersonPhoto(id: parameters[0])
    },
    Endpoint(.updateDepartment, .patch, "/api/v1/departments/{id}") { parameters, _ in
      .updateDepartment(id: parameters[0])
    },
    Endpoint(.deleteDepartment, .delete, "/api/v1/departments/{id}") { parameters, _ in
      .deleteDepartment(id: parameters[0])
    },
    Endpoint(.deleteLocation, .delete, "/api/v1/locations/{id}") { parameters, _ in .deleteLocation(id: parameters[0])
    },
    Endpoint(.company, .get, "/api/v1/company") { _, _ in .company },
    Endpoint(.updateCompany, .patch, "/api/v1/company") { _, _ in .updateCompany },
    Endpoint(.people, .get, "/api/v1/people") { _, query throws(RouteError) in
      func nonEmpty(_ name: String) throws(RouteError) -> String? {
        guard let value = query[name] else { return nil }
        guard !value.isEmpty else { throw .invalidQuery(field: name, message: "must not be empty") }
        return value
      }
      let text = query["query"].map { $0.trimmingWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
      if let text, text.count > 200 { throw .invalidQuery(field: "query", message: "must be at most 200 characters") }
      return .people(
        PeopleQuery(
          text: text, departmentID: try nonEmpty("department"), locationID: try nonEmpty("location"),
          page: try PageRequest(query: query)))
    },
    Endpoint(.person, .get, "/api/v1/people/{id}") { parameters, _ in .person(id: parameters[0]) },
    Endpoint(.updateMe, .patch, "/api/v1/me") { _, _ in .updateMe },
    Endpoint(.updatePerson, .patch, "/api/v1/people/{id}") { parameters, _ in .updatePerson(id: parameters[0]) },
    Endpoint(.createPerson, .post, "/api/v1/people") { _, _ in .createPerson },
    Endpoint(.importPeople, .post, "/api/v1/people/import") { _, query throws(RouteError) in
      .importPeople(dryRun: try flag("dryRun", in: query))
    },
    Endpoint(.resetPassword, .post, "/api/v1/people/{id}/password-reset") { parameters, _ in
      .resetPassword(id: parameters[0])
    },
    Endpoint(.changePassword, .post, "/api/v1/me/password") { _, _ in .changePassword },
    Endpoint(.board, .get, "/api/v1/board") { _, query throws(RouteError) in
      .board(unreadOnly: try flag("unread", in: query), page: try PageRequest(query: query))
    },
    Endpoint(.postNotice, .post, "/api/v1/board") { _, _ in .postNotice },
    Endpoint(.markAllNoticesRead, .post, "/api/v1/board/read-all") { _, _ in .markAllNoticesRead },
    Endpoint(.updateNotice, .patch, "/api/v1/board/{id}") { parameters, _ in .updateNotice(id: parameters[0]) },
    Endpoint(.deleteNotice, .delete, "/api/v1/board/{id}") { parameters, _ in .deleteNotice(id: parameters[0]) },
    Endpoint(.markNoticeRead, .post, "/api/v1/board/{id}/read") { parameters, _ in .markNoticeRead(id: parameters[0]) },
    Endpoint(.badge, .get, "/api/v1/me/badge") { _, _ in .badge },
    Endpoint(.resetBadge, .post, "/api/v1/me/badge/reset") { _, _ in .resetBadge },
    Endpoint(.events, .get, "/api/v1/events") { _, _ in .events },
    Endpoint(.teamCalendar, .get, "/api/v1/calendar") { _, query throws(RouteError) in
      let month = query["month"]
      if let month {
        let parts = month.split(separator: "-")
        guard month.count == 7, parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]),
          (1...9999).contains(year), (1...12).contains(number)
        else { throw .invalidQuery(field: "month", message: "must be a month as YYYY-MM") }
      }
      func nonEmpty(_ name: String) -> String? { query[name].flatMap { $0.isEmpty ? nil : $0 } }
      return .teamCalendar(month: month, departmentID: nonEmpty("department"), locationID: nonEmpty("location"))
    },
    Endpoint(.directory, .get, "/api/v1/directory") { _, _ in .directory },
    Endpoint(.syncDirectory, .post, "/api/v1/directory/sync") { _, _ in .syncDirectory },
    Endpoint(.updateDirectory, .put, "/api/v1/directory") { _, _ in .updateDirectory },
    Endpoint(.resetDirectory, .delete, "/api/v1/directory") { _, _ in .resetDirectory },
    Endpoint(.timeline, .get, "/api/v1/timeline") { _, query throws(RouteError) in
      .timeline(try PageRequest(query: query))
    },
    Endpoint(.createPost, .post, "/api/v1/posts") { _, _ in .createPost },
    Endpoint(.deletePost, .delete, "/api/v1/posts/{id}") { parameters, _ in .deletePost(id: parameters[0]) },
    Endpoint(.timelineFeeds, .get, "/api/v1/timeline/feeds") { _, _ in .timelineFeeds },
    Endpoint(.createTimelineFeed, .post, "/api/v1/timeline/feeds") { _, _ in .createTimelineFeed },
    Endpoint(.updateTimelineFeed, .patch, "/api/v1/timeline/feeds/{id}") { parameters, _ in
      .updateTimelineFeed(id: parameters[0])
    },
    Endpoint(.deleteTimelineFeed, .delete, "/api/v1/timeline/feeds/{id}") { parameters, _ in
      .deleteTimelineFeed(id: parameters[0])
    },
    Endpoint(.refreshTimelineFeed, .post, "/api/v1/timeline/feeds/{id}/refresh") { parameters, _ in
      .refreshTimelineFeed(id: parameters[0])
    },
    Endpoint(.mySettings, .get, "/api/v1/me/settings") { _, _ in .mySettings },
    Endpoint(.updateSettings, .patch, "/api/v1/me/settings") { _, _ in .updateSettings },
    Endpoint(.devices, .get, "/api/v1/devices") { _, _ in .devices },
    Endpoint(.registerDevice, .post, "/api/v1/devices") { _, _ in .registerDevice },
    Endpoint(.deleteDevice, .delete, "/api/v1/devices/{id}") { parameters, _ in .deleteDevice(id: parameters[0]) },
    Endpoint(.audit, .get, "/api/v1/audit") { _, query throws(RouteError) in .audit(try PageRequest(query: query)) },
    Endpoint(.myLeave, .get, "/api/v1/me/leave") { _, query throws(RouteError) in
      .myLeave(year: try year(in: query))
    },
    Endpoint(.previewLeave, .get, "/api/v1/me/leave/preview") { _, query throws(RouteError) in
      .previewLeave(
        LeaveQuery(
          start: try date("start", in: query), end: try date("end", in: query),
          startHalf: try choice("startHalf", in: query, default: .full),
          endHalf: try choice("endHalf", in: query, default: .full)))
    },
    Endpoint(.createLeave, .post, "/api/v1/me/leave") { _, _ in .createLeave },
    Endpoint(.leave, .get, "/api/v1/leave/{id}") { parameters, _ in .leave(id: parameters[0]) },
    Endpoint(.changeLeave, .patch, "/api/v1/leave/{id}") { parameters, _ in .changeLeave(id: parameters[0]) },
    Endpoint(.cancelLeave, .post, "/api/v1/leave/{id}/cancel") { parameters, _ in .cancelLeave(id: parameters[0]) },
    Endpoint(.approveLeave, .post, "/api/v1/leave/{id}/approve") { parameters, _ in .approveLeave(id: parameters[0]) },
    Endpoint(.rejectLeave, .post, "/api/v1/leave/{id}/reject") { parameters, _ in .rejectLeave(id: parameters[0]) },
    Endpoint(.reopenLeave, .post, "/api/v1/leave/{id}/reopen") { parameters, _ in .reopenLeave(id: parameters[0]) },
    Endpoint(.approvals, .get, "/api/v1/approvals") { _, query throws(RouteError) in
      .approvals(status: try choice("status", in: query, default: .pending), page: try PageRequest(query: query))
    },
    Endpoint(.personLeave, .get, "/api/v1/people/{id}/leave") { parameters, query throws(RouteError) in
      .personLeave(id: parameters[0], year: try year(in: query))
    },
    Endpoint(.setAllowance, .put, "/api/v1/people/{id}/allowance/{year}") { parameters, _ throws(RouteError) in
      guard let year = Int(parameters[1]), validYears.contains(year) else {
        throw .invalidQuery(
          field: "year", message: "must be a year from \(validYears.lowerBound) to \(validYears.upperBound)")
      }
      return .setAllowance(id: parameters[0], year: year)
    },
    Endpoint(.holidays, .get, "/api/v1/holidays") { _, query throws(RouteError) in
      let location = query["location"]
      if let location, location.isEmpty { throw .invalidQuery(field: "location", message: "must not be empty") }
      return .holidays(locationID: location, year: try year(in: query))
    },
    Endpoint(.createHoliday, .post, "/api/v1/holidays") { _, _ in .createHoliday },
    Endpoint(.deleteHoliday, .delete, "/api/v1/holidays/{id}") { parameters, _ in .deleteHoliday(id: parameters[0]) },
    Endpoint(.leaveTypes, .get, "/api/v1/leave-types") { _, _ in .leaveTypes },
    Endpoint(.createLeaveType, .post, "/api/v1/leave-types") { _, _ in .createLeaveType },
    Endpoint(.updateLeaveType, .patch, "/api/v1/leave-types/{id}") { parameters, _ in
      .updateLeaveType(id: parameters[0])
    },
    Endpoint(.leavePolicy, .get, "/api/v1/company/leave-policy") { _, _ in .leavePolicy },
    Endpoint(.updateLeavePolicy, .patch, "/api/v1/company/leave-policy") { _, _ in .updateLeavePolicy },
    Endpoint(.myCalendar, .get, "/api/v1/me/calendar") { _, _ in .myCalendar },
    Endpoint(.rotateCalendar, .post, "/api/v1/me/calendar/rotate") { _, _ in .rotateCalendar },
    Endpoint(.calendarFeed, .get, "/calendar/{token}.ics") { parameters, query throws(RouteError) in
      .calendarFeed(
        token: parameters[0], team: try flag("team", in: query), includePending: try flag("pending", in: query))
    },
  ]

  /// Years the API accepts.
  static let validYears = 1900...9999

  private static let endpointsByName = Dictionary(uniqueKeysWithValues: endpoints.map { ($0.name, $0) })

  static func endpoint(named name: Name) -> Endpoint {
    endpointsByName[name]!
  }

  /// Matches a request.
  /// - Parameters:
  ///   - method: The request method, e.g. `GET`.
  ///   - path: The path as sent, still percent-encoded, without the query.
  ///   - query: Decoded query parameters.
  /// - Throws: `RouteError` saying whether the path is unknown, the method wrong, or the query bad.
  public init(method: String, path: String, query: [String: String] = [:]) throws(RouteError) {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    // A fixed segment beats a parameter: `/api/v1/board/read-all` is only the POST that marks
    // all read, never a notice whose id is "read-all" (which also keeps `Allow` exact).
    var matches: [(endpoint: Endpoint, parameters: [String])] = []
    for endpoint in Self.endpoints {
      if let parameters = Self.parameters(of: segments, matching: endpoint.segments) {
        matches.append((endpoint, parameters))
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

  /// The decoded values of the `{parameter}` segments, or nil when the path does not match.
  private static func parameters(of path: [Substring], matching template: [Substring]) -> [String]? {
    guard path.count == template.count else { return nil }
    var parameters: [String] = []
    for (segment, pattern) in zip(path, template) {
      if pattern.first == "{", let close = pattern.firstIndex(of: "}") {
        // A parameter, possibly followed by a fixed suffix such as `.ics`.
        let suffix = pattern[pattern.index(after: close)...]
        guard segment.hasSuffix(suffix), let value = PercentEncoding.decode(segment.dropLast(suffix.count)),
          !value.isEmpty
        else { return nil }
        parameters.append(value)
      } else if segment != pattern {
        return nil
      }
    }
    return parameters
  }

  private static func year(in query: [String: String]) throws(RouteError) -> Int? {
    guard let text = query["year"] else { return nil }
    guard let year = Int(text), validYears.contains(year) else {
      throw .invalidQuery(
        field: "year", message: "must be a year from \(validYears.lowerBound) to \(validYears.upperBound)")
    }
    return year
  }

  private static func date(_ name: String, in query: [String: String]) throws(RouteError) -> CalendarDate {
    guard let text = query[name] else { throw .invalidQuery(field: name, message: "is required (YYYY-MM-DD)") }
    guard let date = CalendarDate(text) else {
      throw .invalidQuery(field: name, message: "must be a real date as YYYY-MM-DD")
    }
    return date
  }

  private static func choice<T: RawRepresentable & CaseIterable>(
    _ name: String, in query: [String: String], default fallback: T
  ) throws(RouteError) -> T where T.RawValue == String {
    guard let text = query[name] else { return fallback }
    guard let value = T(rawValue: text) else {
      throw .invalidQuery(field: name, message: "must be one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }

  private static func flag(_ name: String, in query: [String: String]) throws(RouteError) -> Bool {
    switch query[name] {
    case nil, "false": return false
    case "true": return true
    default: throw .invalidQuery(field: name, message: "must be true or false")
    }
  }
}
