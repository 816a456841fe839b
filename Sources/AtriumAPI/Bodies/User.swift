import AtriumDomain

/// The signed-in user (`/api/v1/me`, login's `user`), exactly as DESIGN.md lists it.
public struct User: Codable, Hashable, Sendable {
  public var id: String
  public var username: String
  public var email: String
  public var firstName: String
  public var lastName: String
  public var displayName: String
  public var position: String
  public var department: Reference
  public var location: Reference
  public var managerId: String?
  public var role: Role
  public var photoURL: String
  /// What an admin granted beside the role (`facilities`), sorted.
  public var permissions: [Permission]

  public init(
    id: String, username: String, email: String, firstName: String, lastName: String,
    displayName: String, position: String, department: Reference, location: Reference,
    managerId: String?, role: Role, photoURL: String, permissions: [Permission] = []
  ) {
    self.id = id
    self.username = username
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
    self.displayName = displayName
    self.position = position
    self.department = department
    self.location = location
    self.managerId = managerId
    self.role = role
    self.photoURL = photoURL
    self.permissions = permissions
  }

  private enum CodingKeys: String, CodingKey {
    case id, username, email, firstName, lastName, displayName, position, department, location, managerId, role,
      photoURL, permissions
  }

  /// A server from before permissions sends none: read as no permission. One this client does
  /// not know yet is left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    username = try container.decode(String.self, forKey: .username)
    email = try container.decode(String.self, forKey: .email)
    firstName = try container.decode(String.self, forKey: .firstName)
    lastName = try container.decode(String.self, forKey: .lastName)
    displayName = try container.decode(String.self, forKey: .displayName)
    position = try container.decode(String.self, forKey: .position)
    department = try container.decode(Reference.self, forKey: .department)
    location = try container.decode(Reference.self, forKey: .location)
    managerId = try container.decodeIfPresent(String.self, forKey: .managerId)
    role = try container.decode(Role.self, forKey: .role)
    photoURL = try container.decode(String.self, forKey: .photoURL)
    permissions = (try container.decodeIfPresent([String].self, forKey: .permissions) ?? []).compactMap {
      Permission(rawValue: $0)
    }
  }

  /// `managerId` is always present, as `null` when there is no manager.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(username, forKey: .username)
    try container.encode(email, forKey: .email)
    try container.encode(firstName, forKey: .firstName)
    try container.encode(lastName, forKey: .lastName)
    try container.encode(displayName, forKey: .displayName)
    try container.encode(position, forKey: .position)
    try container.encode(department, forKey: .department)
    try container.encode(location, forKey: .location)
    try container.encode(managerId, forKey: .managerId)
    try container.encode(role, forKey: .role)
    try container.encode(photoURL, forKey: .photoURL)
    try container.encode(permissions, forKey: .permissions)
  }
}

/// A named entity referred to from another: `{id, name}`.
public struct Reference: Codable, Hashable, Sendable {
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
