extension Route {
  /// The directory of people (`/api/v1/people`), their photos, and their administration.
  public enum People: RouteSection {
    /// `GET /api/v1/people?query=&department=&location=`: the directory of active people.
    case directory(PeopleQuery)
    /// `GET /api/v1/people/{id}`: a person's profile.
    case profile(id: String)
    /// `PATCH /api/v1/people/{id}`: an admin changes anyone's profile, role, manager or status.
    case update(id: String)
    /// `POST /api/v1/people`: an admin adds a person with a temporary password.
    case create
    /// `POST /api/v1/people/{id}/password-reset`: an admin gives someone a new temporary password.
    case resetPassword(id: String)
    /// `POST /api/v1/people/{id}/invitation`: an admin mails someone a link to choose their
    /// password (instead of handing them a temporary one).
    case invite(id: String)
    /// `POST /api/v1/people/{id}/erasure`: an admin erases a person's data; their records stay
    /// under "Former employee".
    case erase(id: String)
    /// `POST /api/v1/people/import?dryRun=`: an admin imports a staff list (`text/csv`).
    case importStaff(dryRun: Bool)
    /// `GET /api/v1/people/{id}/photo?size=&v=`: a person's picture (their initials until they
    /// have a photo). `v` names the photo, so a new photo has a new address and caches may keep
    /// each one for good.
    case photo(id: String, size: PhotoSize, version: String? = nil)
    /// `PUT /api/v1/people/{id}/photo`: an admin sets someone's photo.
    case updatePhoto(id: String)
    /// `DELETE /api/v1/people/{id}/photo`: an admin removes someone's photo.
    case deletePhoto(id: String)

    public enum Name: String, CaseIterable, Sendable {
      case directory = "people"
      case profile = "person"
      case update = "updatePerson"
      case create = "createPerson"
      case resetPassword
      case invite = "invitePerson"
      case erase = "erasePerson"
      case importStaff = "importPeople"
      case photo = "personPhoto"
      case updatePhoto = "updatePersonPhoto"
      case deletePhoto = "deletePersonPhoto"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .directory:
        Endpoint(
          .get, "/api/v1/people", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          func nonEmpty(_ name: String) throws(RouteError) -> String? {
            guard let value = query[name] else { return nil }
            guard !value.isEmpty else { throw .invalidQuery(field: name, rule: .notEmpty) }
            return value
          }
          let text = query["query"].map { $0.trimmingWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
          if let text, text.count > 200 {
            throw .invalidQuery(field: "query", rule: .atMostCharacters(200))
          }
          return .directory(
            PeopleQuery(
              text: text, departmentID: try nonEmpty("department"), locationID: try nonEmpty("location"),
              page: try PageRequest(query: query)))
        }
      case .profile:
        Endpoint(
          .get, "/api/v1/people/{id}", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .profile(id: parameters[0]) }
      case .update:
        Endpoint(
          .patch, "/api/v1/people/{id}", access: .admin(to: "change other people's profiles"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .update(id: parameters[0]) }
      case .create:
        // The answer holds the temporary password: never stored for replays.
        Endpoint(
          .post, "/api/v1/people", access: .admin(to: "add people"), work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .create }
      case .resetPassword:
        Endpoint(
          .post, "/api/v1/people/{id}/password-reset", access: .admin(to: "reset passwords"), work: .mayBlock,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .resetPassword(id: parameters[0]) }
      case .invite:
        Endpoint(
          .post, "/api/v1/people/{id}/invitation", access: .admin(to: "invite people"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .invite(id: parameters[0]) }
      case .erase:
        Endpoint(
          .post, "/api/v1/people/{id}/erasure", access: .admin(to: "erase people"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .erase(id: parameters[0]) }
      case .importStaff:
        Endpoint(
          .post, "/api/v1/people/import", access: .admin(to: "import people"), work: .mayBlock,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .staffList
        ) { _, query throws(RouteError) in .importStaff(dryRun: try Route.flag("dryRun", in: query)) }
      case .photo:
        Endpoint(
          .get, "/api/v1/people/{id}/photo", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, query throws(RouteError) in
          var size = PhotoSize.small
          if let text = query["size"] {
            guard let value = Int(text), let chosen = PhotoSize(rawValue: value) else {
              throw .invalidQuery(field: "size", rule: .unknownValue(allowed: ["96", "512"]))
            }
            size = chosen
          }
          let version = query["v"]
          if let version, version.isEmpty || version.count > 64 {
            throw .invalidQuery(field: "v", rule: .photoVersion)
          }
          return .photo(id: parameters[0], size: size, version: version)
        }
      case .updatePhoto:
        Endpoint(
          .put, "/api/v1/people/{id}/photo", access: .signedIn, work: .mayBlock, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .photo
        ) { parameters, _ in .updatePhoto(id: parameters[0]) }
      case .deletePhoto:
        Endpoint(
          .delete, "/api/v1/people/{id}/photo", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deletePhoto(id: parameters[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .directory(let query):
        RouteParts(
          .directory,
          query: Route.queryItems(
            ("query", query.text), ("department", query.departmentID), ("location", query.locationID))
            + query.page.queryItems)
      case .profile(let id): RouteParts(.profile, [id])
      case .update(let id): RouteParts(.update, [id])
      case .create: RouteParts(.create)
      case .resetPassword(let id): RouteParts(.resetPassword, [id])
      case .invite(let id): RouteParts(.invite, [id])
      case .erase(let id): RouteParts(.erase, [id])
      case .importStaff(let dryRun): RouteParts(.importStaff, query: dryRun ? [("dryRun", "true")] : [])
      case .photo(let id, let size, let version):
        RouteParts(.photo, [id], query: [("size", String(size.rawValue))] + Route.queryItems(("v", version)))
      case .updatePhoto(let id): RouteParts(.updatePhoto, [id])
      case .deletePhoto(let id): RouteParts(.deletePhoto, [id])
      }
    }

    public static let examples: [Self] = {
      let id = Route.exampleID
      return [
        .directory(PeopleQuery()),
        .directory(
          PeopleQuery(text: "José M", departmentID: id, locationID: id, page: PageRequest(limit: 20, cursor: "c"))),
        .profile(id: id), .update(id: id), .create, .resetPassword(id: id), .invite(id: id), .erase(id: id),
        .importStaff(dryRun: true),
        .importStaff(dryRun: false), .photo(id: id, size: .small), .photo(id: "a b/c", size: .large),
        .photo(id: id, size: .large, version: "3f2a9c"), .updatePhoto(id: id), .deletePhoto(id: id),
      ]
    }()
  }
}
