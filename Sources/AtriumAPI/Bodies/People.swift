import AtriumDomain
import AtriumMessages

/// Someone in the directory.
public struct PersonSummary: Codable, Hashable, Sendable {
  public var id: String
  public var displayName: String
  public var firstName: String
  public var lastName: String
  public var position: String
  public var department: Reference
  public var location: Reference
  public var photoURL: String

  public init(
    id: String, displayName: String, firstName: String, lastName: String, position: String, department: Reference,
    location: Reference, photoURL: String
  ) {
    self.id = id
    self.displayName = displayName
    self.firstName = firstName
    self.lastName = lastName
    self.position = position
    self.department = department
    self.location = location
    self.photoURL = photoURL
  }
}

/// `GET /api/v1/people/{id}`: a person's profile.
public struct PersonProfile: Codable, Hashable, Sendable {
  public var id: String
  public var username: String
  public var displayName: String
  public var firstName: String
  public var lastName: String
  public var position: String
  public var department: Reference
  public var location: Reference
  public var email: String
  public var phone: String
  public var manager: PersonName?
  public var startDate: CalendarDate?
  public var bio: String
  public var role: Role
  public var active: Bool
  public var photoURL: String

  public init(
    id: String, username: String, displayName: String, firstName: String, lastName: String, position: String,
    department: Reference, location: Reference, email: String, phone: String, manager: PersonName?,
    startDate: CalendarDate?, bio: String, role: Role, active: Bool, photoURL: String
  ) {
    self.id = id
    self.username = username
    self.displayName = displayName
    self.firstName = firstName
    self.lastName = lastName
    self.position = position
    self.department = department
    self.location = location
    self.email = email
    self.phone = phone
    self.manager = manager
    self.startDate = startDate
    self.bio = bio
    self.role = role
    self.active = active
    self.photoURL = photoURL
  }
}

/// `PATCH /api/v1/me`: what anyone may change of their own profile.
public struct ProfileChange: Codable, Hashable, Sendable {
  public var phone: String?
  public var locationId: String?
  public var bio: String?

  public init(phone: String? = nil, locationId: String? = nil, bio: String? = nil) {
    self.phone = phone
    self.locationId = locationId
    self.bio = bio
  }
}

/// A field a PATCH may leave out, set, or clear with `null`.
public enum PatchValue<Value: Codable & Hashable & Sendable>: Hashable, Sendable {
  case unchanged
  case set(Value?)
}

/// `PATCH /api/v1/people/{id}` (admins): any profile field, the role, the manager (`null`
/// for none) and whether the account is active.
public struct PersonChange: Codable, Hashable, Sendable {
  public var username: String?
  public var email: String?
  public var firstName: String?
  public var lastName: String?
  public var position: String?
  public var departmentId: String?
  public var locationId: String?
  public var managerId: PatchValue<String> = .unchanged
  public var role: Role?
  public var startDate: PatchValue<CalendarDate> = .unchanged
  public var phone: String?
  public var bio: String?
  public var active: Bool?
  /// Replaces what the person was granted beside their role (`["facilities"]`, or `[]`).
  public var permissions: [String]?

  public init() {}

  private enum CodingKeys: String, CodingKey {
    case username, email, firstName, lastName, position, departmentId, locationId, managerId, role, startDate, phone,
      bio, active, permissions
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    username = try container.decodeIfPresent(String.self, forKey: .username)
    email = try container.decodeIfPresent(String.self, forKey: .email)
    firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
    lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
    position = try container.decodeIfPresent(String.self, forKey: .position)
    departmentId = try container.decodeIfPresent(String.self, forKey: .departmentId)
    locationId = try container.decodeIfPresent(String.self, forKey: .locationId)
    if container.contains(.managerId) {
      managerId = .set(try container.decodeIfPresent(String.self, forKey: .managerId))
    }
    role = try container.decodeIfPresent(Role.self, forKey: .role)
    if container.contains(.startDate) {
      startDate = .set(try container.decodeIfPresent(CalendarDate.self, forKey: .startDate))
    }
    phone = try container.decodeIfPresent(String.self, forKey: .phone)
    bio = try container.decodeIfPresent(String.self, forKey: .bio)
    active = try container.decodeIfPresent(Bool.self, forKey: .active)
    permissions = try container.decodeIfPresent([String].self, forKey: .permissions)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(username, forKey: .username)
    try container.encodeIfPresent(email, forKey: .email)
    try container.encodeIfPresent(firstName, forKey: .firstName)
    try container.encodeIfPresent(lastName, forKey: .lastName)
    try container.encodeIfPresent(position, forKey: .position)
    try container.encodeIfPresent(departmentId, forKey: .departmentId)
    try container.encodeIfPresent(locationId, forKey: .locationId)
    if case .set(let value) = managerId { try container.encode(value, forKey: .managerId) }
    try container.encodeIfPresent(role, forKey: .role)
    if case .set(let value) = startDate { try container.encode(value, forKey: .startDate) }
    try container.encodeIfPresent(phone, forKey: .phone)
    try container.encodeIfPresent(bio, forKey: .bio)
    try container.encodeIfPresent(active, forKey: .active)
    try container.encodeIfPresent(permissions, forKey: .permissions)
  }
}

/// A social account of the company.
public struct SocialAccount: Codable, Hashable, Sendable {
  /// e.g. `mastodon`, `linkedin`.
  public var network: String
  public var url: String

  public init(network: String, url: String) {
    self.network = network
    self.url = url
  }
}

/// `GET /api/v1/company`.
public struct CompanyBody: Codable, Hashable, Sendable {
  public var name: String
  public var phone: String
  public var email: String
  public var website: String
  public var address: String
  public var timeZone: String
  public var social: [SocialAccount]
  /// The shortest password anyone may choose (6 to 128; 8 unless an admin changed it). Optional
  /// on the wire for clients' copies saved before it existed.
  public var passwordMinimumLength: Int?

  public init(
    name: String, phone: String, email: String, website: String, address: String, timeZone: String,
    social: [SocialAccount], passwordMinimumLength: Int? = nil
  ) {
    self.name = name
    self.phone = phone
    self.email = email
    self.website = website
    self.address = address
    self.timeZone = timeZone
    self.social = social
    self.passwordMinimumLength = passwordMinimumLength
  }
}

/// `PATCH /api/v1/company` (admins): any subset of the fields.
public struct CompanyChange: Codable, Hashable, Sendable {
  public var name: String?
  public var phone: String?
  public var email: String?
  public var website: String?
  public var address: String?
  public var timeZone: String?
  public var social: [SocialAccount]?
  public var passwordMinimumLength: Int?

  public init(
    name: String? = nil, phone: String? = nil, email: String? = nil, website: String? = nil, address: String? = nil,
    timeZone: String? = nil, social: [SocialAccount]? = nil, passwordMinimumLength: Int? = nil
  ) {
    self.name = name
    self.phone = phone
    self.email = email
    self.website = website
    self.address = address
    self.timeZone = timeZone
    self.social = social
    self.passwordMinimumLength = passwordMinimumLength
  }
}

/// `PATCH /api/v1/departments/{id}` body.
public struct DepartmentChange: Codable, Hashable, Sendable {
  public var name: String?

  public init(name: String? = nil) {
    self.name = name
  }
}

/// `POST /api/v1/people` body (admins): a new local account.
public struct NewPerson: Codable, Hashable, Sendable {
  public var username: String
  public var email: String
  public var firstName: String
  public var lastName: String
  public var position: String?
  public var departmentId: String
  public var locationId: String
  public var managerId: String?
  public var role: Role?
  public var startDate: CalendarDate?
  public var phone: String?
  public var bio: String?

  public init(
    username: String, email: String, firstName: String, lastName: String, position: String? = nil,
    departmentId: String, locationId: String, managerId: String? = nil, role: Role? = nil,
    startDate: CalendarDate? = nil, phone: String? = nil, bio: String? = nil
  ) {
    self.username = username
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
    self.position = position
    self.departmentId = departmentId
    self.locationId = locationId
    self.managerId = managerId
    self.role = role
    self.startDate = startDate
    self.phone = phone
    self.bio = bio
  }
}

/// The answer to `POST /api/v1/people`: the profile and the temporary password, shown once.
public struct CreatedPerson: Codable, Hashable, Sendable {
  public var person: PersonProfile
  public var temporaryPassword: String

  public init(person: PersonProfile, temporaryPassword: String) {
    self.person = person
    self.temporaryPassword = temporaryPassword
  }
}

/// What a staff-list import did, or would do, line by line.
public struct ImportReport: Codable, Hashable, Sendable {
  public struct Line: Codable, Hashable, Sendable {
    public var line: Int
    public var username: String
    /// `create`, `update`, `unchanged` or `refuse`.
    public var action: String
    public var errors: [FieldError]

    public init(line: Int, username: String, action: String, errors: [FieldError]) {
      self.line = line
      self.username = username
      self.action = action
      self.errors = errors
    }
  }

  public var dryRun: Bool
  /// Whether the changes were saved (never on a dry run, nor when any line is refused).
  public var applied: Bool
  public var created: Int
  public var updated: Int
  public var unchanged: Int
  public var refused: Int
  public var lines: [Line]

  public init(
    dryRun: Bool, applied: Bool, created: Int, updated: Int, unchanged: Int, refused: Int, lines: [Line]
  ) {
    self.dryRun = dryRun
    self.applied = applied
    self.created = created
    self.updated = updated
    self.unchanged = unchanged
    self.refused = refused
    self.lines = lines
  }
}

extension ImportReport {
  /// The report with each refused field's reason in `language`.
  public func worded(in language: Language) -> ImportReport {
    var report = self
    for index in report.lines.indices {
      report.lines[index].errors = report.lines[index].errors.map { $0.worded(in: language) }
    }
    return report
  }
}
