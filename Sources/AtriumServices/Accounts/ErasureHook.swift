import AtriumDomain
import AtriumSQL
import AtriumStore

/// What a section takes away when a person's account is erased: the erasure-hooks extension
/// point (`ServerEnvironment.erasureHooks`, set by `AtriumApp`). Each hook runs in the
/// erasure's transaction, after the person's row became the former employee's; tasks and
/// presence history register theirs when they land.
public struct ErasureHook: Sendable {
  /// Names the hook in tests and logs.
  public let name: String
  package let erase: @Sendable (ErasureRequest) throws -> Void

  package init(name: String, erase: @escaping @Sendable (ErasureRequest) throws -> Void) {
    self.name = name
    self.erase = erase
  }
}

/// Whose data goes, and what replaces their name, e-mail and phone in kept text.
package struct ErasureRequest {
  /// The person as they were before the erasure.
  package let person: Employee
  package let replacements: [(String, String)]
  package let connection: any DatabaseConnection
  package let now: Int64

  package var store: ErasureStore { ErasureStore(connection) }
}
