/// Who receives a live event (`GET /api/v1/events`). One row of the event log reaches everyone
/// the audience includes, so a company notice to 50,000 people is one row, not 50,000.
public enum EventAudience: Hashable, Sendable {
  case person(id: String)
  case everyone
  case department(id: String)
  case location(id: String)
  /// Every admin but one: the person whose own request changed, since nobody decides their own.
  case admins(except: String?)

  /// Whether `listener` receives events for this audience. People's department, location and
  /// role are taken when their stream opens.
  public func includes(_ listener: EventListener) -> Bool {
    switch self {
    case .person(let id): listener.employeeID == id
    case .everyone: true
    case .department(let id): listener.departmentID == id
    case .location(let id): listener.locationID == id
    case .admins(let except): listener.role == .admin && listener.employeeID != except
    }
  }
}

/// The facts about a signed-in person that decide which live events they receive.
public struct EventListener: Hashable, Sendable {
  public let employeeID: String
  public let departmentID: String
  public let locationID: String
  public let role: Role

  public init(employeeID: String, departmentID: String, locationID: String, role: Role) {
    self.employeeID = employeeID
    self.departmentID = departmentID
    self.locationID = locationID
    self.role = role
  }
}
