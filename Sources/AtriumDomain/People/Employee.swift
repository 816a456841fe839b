import Foundation

/// A person in the company, as the directory and every section know them.
public struct Employee: Hashable, Sendable, Identifiable {
  public let id: String
  public var username: String
  public var email: String
  public var firstName: String
  public var lastName: String
  public var position: String
  public var departmentID: String
  public var locationID: String
  public var managerID: String?
  public var role: Role
  public var startDate: CalendarDate?
  public var phone: String
  public var bio: String
  public var isActive: Bool
  /// The current profile photo (a content hash naming its files), nil for initials.
  public var photoID: String?
  /// What an admin granted beside the role (`facilities`).
  public var permissions: Set<Permission>

  public init(
    id: String, username: String, email: String, firstName: String, lastName: String,
    position: String = "", departmentID: String, locationID: String, managerID: String? = nil,
    role: Role = .employee, startDate: CalendarDate? = nil, phone: String = "", bio: String = "",
    isActive: Bool = true, photoID: String? = nil, permissions: Set<Permission> = []
  ) {
    self.id = id
    self.permissions = permissions
    self.username = username
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
    self.position = position
    self.departmentID = departmentID
    self.locationID = locationID
    self.managerID = managerID
    self.role = role
    self.startDate = startDate
    self.phone = phone
    self.bio = bio
    self.isActive = isActive
    self.photoID = photoID
  }

  /// The name shown everywhere: first and last name, or the username when both are empty.
  public var displayName: String {
    Self.displayName(firstName: firstName, lastName: lastName, username: username)
  }

  /// "First Last", either alone when the other is empty, else the username. Without an
  /// array and `joined`: lists of requests make one per row.
  public static func displayName(firstName: String, lastName: String, username: @autoclosure () -> String) -> String {
    if firstName.isEmpty { return lastName.isEmpty ? username() : lastName }
    return lastName.isEmpty ? firstName : firstName + " " + lastName
  }

  /// The key the directory sorts by: the display name in lowercase without accents.
  public var sortKey: String {
    displayName.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
  }

  /// Up to two capital letters for the generated avatar of someone without a photo.
  public var initials: String {
    let letters = [firstName, lastName].compactMap { $0.first }.map { String($0).uppercased() }
    return letters.isEmpty ? String(username.prefix(1)).uppercased() : letters.joined()
  }
}
