/// What deleting an account keeps and what it takes away.
///
/// The person's own data goes (photo, bio, phone, settings, devices, sessions, posts, their
/// board, and what later sections register as erasure hooks). What the company must keep (leave
/// requests and their history, decisions made, audit entries) stays, under a name that is no
/// one's: "Former employee #1a2b3c4d". Wherever those records repeat the person's name, e-mail,
/// phone or bio in text (audit before and after, stored answers, live events, notices, mails
/// waiting), it becomes "[erased]".
public enum AccountErasure {
  public static let erased = "[erased]"

  /// Why an account cannot be deleted.
  public enum Refusal: Error, Equatable, Sendable {
    /// The company directory owns it: deleting it here would not delete it there.
    case directoryAccount
    /// Nobody would be left to run Atrium.
    case lastAdministrator
    case alreadyErased
  }

  /// The name an erased person's records keep.
  public static func formerName(id: String) -> (first: String, last: String) {
    ("Former employee", "#" + String(id.replacingOccurrences(of: "-", with: "").prefix(8)))
  }

  /// The username and address an erased person's row keeps: unique, and no one's.
  public static func formerUsername(id: String) -> String { "former-\(id)" }
  public static func formerEmail(id: String) -> String { "former-\(id)@erased.invalid" }

  /// Whether a person was erased, from what their row keeps.
  public static func isErased(_ employee: Employee) -> Bool { employee.username == formerUsername(id: employee.id) }

  /// - Parameters:
  ///   - isDirectoryAccount: Whether they sign in with the company directory.
  ///   - byThemselves: A person deleting their own account (an admin may erase a directory account).
  ///   - otherActiveAdministrators: Active admins besides them.
  public static func refusal(
    of employee: Employee, isDirectoryAccount: Bool, byThemselves: Bool, otherActiveAdministrators: Int
  ) -> Refusal? {
    if isErased(employee) { return .alreadyErased }
    if isDirectoryAccount && byThemselves { return .directoryAccount }
    if employee.role == .admin && employee.isActive && otherActiveAdministrators == 0 { return .lastAdministrator }
    return nil
  }

  /// The texts to replace in kept records, longest first (a full name before its parts): the
  /// full name, e-mail, phone and bio wherever they appear, and each part of the name and the
  /// username where a JSON value is exactly it (a bare "Eva" inside other words is left alone).
  public static func replacements(for employee: Employee) -> [(String, String)] {
    var pairs: [(String, String)] = []
    for text in [employee.displayName, employee.email, employee.phone, employee.bio] where text.count >= 3 {
      pairs.append((text, erased))
    }
    for value in [employee.firstName, employee.lastName, employee.username] where !value.isEmpty {
      pairs.append(("\"\(value)\"", "\"\(erased)\""))
    }
    return pairs.sorted { $0.0.count > $1.0.count }
  }
}
