/// What a person may do beyond their own affairs (DESIGN.md "Roles").
public enum Role: String, CaseIterable, Codable, Sendable {
  /// Reads and asks; never decides, even for someone who reports to them.
  case employee
  /// Decides for, and sees the leave history of, the people below them in the reporting chain.
  case manager
  /// Decides for everyone and alone manages company data.
  case admin

  /// Whether this role may change company data (people, places, notices, policy).
  public var managesCompany: Bool { self == .admin }
}
