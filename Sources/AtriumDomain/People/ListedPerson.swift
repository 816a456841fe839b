/// A person as a page of the directory lists them: what each entry shows and no more.
///
/// A page of 100 read whole `Employee`s, sixteen columns a person, email, phone and
/// biography included, none of which the list shows; reading only these columns halved what a
/// search at 50,000 people spent turning rows into people (`make bench-cost`).
public struct ListedPerson: Hashable, Sendable, Identifiable {
  public let id: String
  public var username: String
  public var firstName: String
  public var lastName: String
  public var position: String
  public var departmentID: String
  public var locationID: String
  /// The current profile photo (a content hash naming its files), nil for initials.
  public var photoID: String?

  public init(
    id: String, username: String, firstName: String, lastName: String, position: String, departmentID: String,
    locationID: String, photoID: String?
  ) {
    self.id = id
    self.username = username
    self.firstName = firstName
    self.lastName = lastName
    self.position = position
    self.departmentID = departmentID
    self.locationID = locationID
    self.photoID = photoID
  }

  /// The name shown everywhere, as `Employee.displayName` makes it.
  public var displayName: String {
    Employee.displayName(firstName: firstName, lastName: lastName, username: username)
  }
}
