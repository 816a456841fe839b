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

  public init(
    id: String, username: String, email: String, firstName: String, lastName: String,
    displayName: String, position: String, department: Reference, location: Reference,
    managerId: String?, role: Role, photoURL: String
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
