import AtriumAPI
import AtriumDomain
import AtriumImages
import AtriumStore
import Foundation

/// Profile photos: uploads made into square JPEGs (`PhotoProcessor`), stored by content
/// (`PhotoFiles`), and served with an ETag; people without one get their initials.
package struct PhotoService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  package let processor = PhotoProcessor()

  /// The largest upload: phone photos are 2–8 MB, some more.
  package static let uploadLimit = EndpointRules.BodyLimit.photo.bytes

  /// The address of someone's picture, which changes with each new photo.
  package static func address(of employeeID: String, photoID: String?, size: PhotoSize = .small) -> String {
    PhotoAddress.of(employeeID, size: size, version: photoID)
  }

  // MARK: - Changing

  /// Sets `employeeID`'s photo from an uploaded image; the caller themselves or an admin.
  package func upload(_ bytes: [UInt8], for employeeID: String, by principal: Principal) throws -> PersonProfile {
    try requireSelfOrAdmin(employeeID, principal, to: "change other people's photos")
    guard try environment.database.read({ try PeopleStore($0).employee(id: employeeID) }) != nil else {
      throw Problem.notFound(.noPerson(id: employeeID))
    }
    let photoID = try store(image: bytes)
    return try setPhoto(photoID, of: employeeID, by: principal)
  }

  /// Makes an uploaded image into the stored sizes and returns its photo id.
  /// - Throws: 415 for what is not a JPEG, PNG or WebP; 422 for a damaged or huge image.
  package func store(image bytes: [UInt8]) throws -> String {
    guard !bytes.isEmpty else {
      throw Problem(status: 415, .sendTheImage)
    }
    let images: [[UInt8]]
    do {
      images = try processor.squares(of: bytes, sides: PhotoFiles.sides)
    } catch .unsupportedFormat {
      throw Problem(status: 415, .notAnImage)
    } catch .tooManyPixels(let width, let height) {
      throw Problem.unprocessable(
        .tooManyPixels(width: width, height: height, megapixels: processor.maximumPixels / 1_000_000))
    } catch {
      throw Problem.unprocessable(.damagedImage)
    }
    return try files().store(Dictionary(uniqueKeysWithValues: zip(PhotoSize.allCases, images)))
  }

  /// Back to initials.
  package func remove(for employeeID: String, by principal: Principal) throws {
    try requireSelfOrAdmin(employeeID, principal, to: "remove other people's photos")
    _ = try setPhoto(nil, of: employeeID, by: principal)
  }

  private func setPhoto(_ photoID: String?, of employeeID: String, by principal: Principal) throws -> PersonProfile {
    try environment.database.write { connection in
      let people = PeopleStore(connection)
      guard let before = try people.employee(id: employeeID) else {
        throw Problem.notFound(.noPerson(id: employeeID))
      }
      try people.setPhoto(photoID, of: employeeID)
      if employeeID != principal.employee.id {
        try AuditTrail(environment: environment).record(
          photoID == nil ? "person.photo.delete" : "person.photo.update", target: ("person", employeeID),
          before: ["photo": before.photoID], after: ["photo": photoID], by: principal, connection: connection)
      }
      var after = before
      after.photoID = photoID
      return try PeopleService.profile(of: after, connection: connection)
    }
  }

  private func requireSelfOrAdmin(_ employeeID: String, _ principal: Principal, to action: String) throws {
    guard employeeID == principal.employee.id || principal.employee.role.managesCompany else {
      throw Problem.forbidden(.onlyAdministrators(action: action))
    }
  }

  private func files() throws -> PhotoFiles {
    guard let directory = environment.filesDirectory else {
      throw Problem(status: 503, .noUploadFolder)
    }
    return PhotoFiles(filesDirectory: directory)
  }

  // MARK: - Serving

  /// A person's picture: their photo, or their initials until they have one. An address with
  /// the current version may be cached for good; any other is checked each time.
  package func picture(of employeeID: String, size: PhotoSize, version: String?, requestID: String) throws -> Picture {
    guard let employee = try environment.database.read({ try PeopleStore($0).employee(id: employeeID) }) else {
      throw Problem.notFound(.noPerson(id: employeeID))
    }
    let cacheControl =
      version != nil && version == employee.photoID ? "private, max-age=31536000, immutable" : "private, no-cache"
    if let photoID = employee.photoID {
      if let bytes = try? files().read(photoID, size: size) {
        return Picture(content: .photo(bytes, etag: "\"\(photoID)-\(size.rawValue)\""), cacheControl: cacheControl)
      }
      environment.log.write(
        ErrorLogEntry(requestId: requestID, error: "photo \(photoID) of \(employeeID) is missing").line)
    }
    return Picture(content: .initials(of: employee, size: size.rawValue), cacheControl: "private, no-cache")
  }
}

/// A picture to serve, with how long caches may keep it.
package struct Picture: Sendable {
  package enum Content: Sendable {
    /// A stored photo (JPEG), with the tag that names this exact picture for `If-None-Match`.
    case photo([UInt8], etag: String)
    /// No photo: the person's initials, drawn by the caller.
    case initials(of: Employee, size: Int)
  }

  package let content: Content
  package let cacheControl: String
}
