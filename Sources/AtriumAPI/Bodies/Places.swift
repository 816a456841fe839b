import AtriumDomain

/// A location on the wire.
public struct LocationBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var timeZone: String
  /// ISO weekday numbers (Monday 1 ... Sunday 7) that are not working days, ascending.
  public var weekendDays: [Int]

  public init(id: String, name: String, timeZone: String, weekendDays: [Int]) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
    self.weekendDays = weekendDays
  }
}

/// `POST /api/v1/locations` body; the time zone defaults to the company's, the weekend to
/// Saturday and Sunday.
public struct NewLocation: Codable, Hashable, Sendable {
  public var name: String
  public var timeZone: String?
  public var weekendDays: [Int]?

  public init(name: String, timeZone: String? = nil, weekendDays: [Int]? = nil) {
    self.name = name
    self.timeZone = timeZone
    self.weekendDays = weekendDays
  }
}

/// A department on the wire.
public struct DepartmentBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

/// `POST /api/v1/departments` body.
public struct NewDepartment: Codable, Hashable, Sendable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}
