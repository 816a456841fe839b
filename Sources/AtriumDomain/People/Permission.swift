/// A power an admin grants a person independent of their role: `facilities` registers, changes
/// and deletes sensors, manages rooms and makes alert rules (admins may do all of it anyway;
/// the templates rules are made from stay the admins').
public enum Permission: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  case facilities

  public static func < (lhs: Permission, rhs: Permission) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Permissions as a column keeps them: comma-separated, sorted; unknown names are dropped.
  public static func set(from text: String) -> Set<Permission> {
    Set(text.split(separator: ",").compactMap { Permission(rawValue: String($0)) })
  }

  public static func text(_ permissions: Set<Permission>) -> String {
    permissions.sorted().map(\.rawValue).joined(separator: ",")
  }
}
