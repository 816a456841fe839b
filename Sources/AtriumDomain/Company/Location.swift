/// An office: its own time zone decides "today" for its people, its weekend which days count.
public struct Location: Hashable, Sendable, Identifiable {
  public let id: String
  public var name: String
  /// IANA time zone identifier, e.g. `Europe/Madrid`.
  public var timeZone: String
  public var weekendDays: Set<Weekday>

  public init(
    id: String, name: String, timeZone: String, weekendDays: Set<Weekday> = [.saturday, .sunday]
  ) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
    self.weekendDays = weekendDays
  }
}

/// A part of the company that people belong to.
public struct Department: Hashable, Sendable, Identifiable {
  public let id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
