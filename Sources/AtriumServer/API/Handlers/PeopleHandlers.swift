import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// The directory of people, their photos, and their administration.
  func handle(_ route: Route.People, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .directory(let query):
      let page = try people.encodedDirectory(query)
      return try JSONCoding.response(streaming: page, expectedSize: page.sizeEstimate)
    case .profile(let id):
      return try JSONCoding.response(try people.profile(id: id, principal: principal))
    case .update(let id):
      let body = try JSONCoding.decode(PersonChange.self, from: request)
      return try JSONCoding.response(try people.updatePerson(id: id, body, principal: principal))
    case .create:
      let body = try JSONCoding.decode(NewPerson.self, from: request)
      let created = try accounts.create(body, by: principal)
      return try JSONCoding.response(
        created, status: 201, headers: HTTPHeaders([("Location", Route.people(.profile(id: created.person.id)).path)]))
    case .resetPassword(let id):
      return try JSONCoding.response(try accounts.resetPassword(of: id, by: principal))
    case .invite(let id):
      let sent = try InvitationService(environment: environment).invite(
        id, by: principal, language: readerLanguage(request, principal))
      return try JSONCoding.response(sent, status: 202)
    case .erase(let id):
      try AccountErasureService(environment: environment, auth: auth).erase(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .importStaff(let dryRun):
      return try importStaff(request, dryRun: dryRun, by: principal)
    case .photo(let id, let size, let version):
      let picture = try photos.picture(of: id, size: size, version: version, requestID: request.requestID)
      return Self.response(serving: picture, to: request)
    case .updatePhoto(let id):
      return try JSONCoding.response(try photos.upload(request.body, for: id, by: principal))
    case .deletePhoto(let id):
      try photos.remove(for: id, by: principal)
      return HTTPResponse(status: 204)
    }
  }

  /// A staff list as `text/csv`: every line is checked first, and nothing is imported while
  /// any line is refused.
  private func importStaff(_ request: HTTPRequest, dryRun: Bool, by principal: Principal) throws -> HTTPResponse {
    guard request.mediaType == "text/csv" else {
      throw Problem(status: 415, .sendCSV)
    }
    guard let text = String(validating: request.body, as: UTF8.self) else {
      throw Problem.badRequest(.csvNotUTF8)
    }
    let report = try peopleImport.run(csv: text, dryRun: dryRun, by: principal)
    if !dryRun && report.refused > 0 {
      throw Problem.unprocessable(.importRefused(refused: report.refused, lines: report.lines.count)).with(
        errors: report.lines.flatMap { line in
          line.errors.map { error in
            var error = error
            error.field = "line \(line.line) \(error.field)"
            return error
          }
        })
    }
    return try JSONCoding.response(report.worded(in: readerLanguage(request, principal)))
  }

  /// The picture, or 304 when the caller's copy (`If-None-Match`) is current.
  private static func response(serving picture: Picture, to request: HTTPRequest) -> HTTPResponse {
    let body: [UInt8]
    let contentType: String
    let etag: String
    switch picture.content {
    case .photo(let bytes, let tag):
      (body, contentType, etag) = (bytes, "image/jpeg", tag)
    case .initials(let employee, let size):
      body = Array(InitialsAvatar.svg(for: employee, size: size).utf8)
      (contentType, etag) = ("image/svg+xml", "\"initials-\(Crypto.hex(Crypto.sha256(body)).prefix(16))\"")
    }
    let headers = HTTPHeaders([("ETag", etag), ("Cache-Control", picture.cacheControl)])
    let known = request.headers["If-None-Match"]?.split(separator: ",").map { String($0).trimmingWhitespace } ?? []
    if known.contains(etag) || known.contains("*") {
      return HTTPResponse(status: 304, headers: headers)
    }
    var full = headers
    full.add("Content-Type", contentType)
    return HTTPResponse(status: 200, headers: full, body: body)
  }
}
