import AtriumAPI
import AtriumMessages
import AtriumSQL
import AtriumStore

// Checks every service shares.

/// Runs a write that may hit a unique name, answering a duplicate with 409.
/// - Parameter kind: What is named, for the message.
package func refusingDuplicateName(_ name: String, of kind: NamedThing, _ write: () throws -> Void) throws {
  do {
    try write()
  } catch let error as DatabaseError where error.isUniqueViolation {
    throw Problem.conflict(.nameTaken(kind, name: name))
  }
}

/// Refuses anyone but an admin (403: they can see the resource, but may not change it).
package func requireAdmin(_ principal: Principal, to action: String) throws {
  guard principal.employee.role.managesCompany else {
    throw Problem.forbidden(.onlyAdministrators(action: action))
  }
}

extension Problem {
  /// Someone signed in with a temporary password asked for more than changing it.
  package static let passwordChangeRequired = Problem(
    status: 403, .passwordChangeRequired, type: "/problems/password-change-required")
}
