import AtriumDomain
import Foundation

/// The signed-in caller of a request, as established from their access token.
public struct Principal: Sendable, Hashable {
  public init(employee: Employee, sessionID: String, mustChangePassword: Bool = false, expiresAt: Date? = nil) {
    self.employee = employee
    self.sessionID = sessionID
    self.mustChangePassword = mustChangePassword
    self.expiresAt = expiresAt
  }

  public let employee: Employee
  /// The session the access token belongs to.
  public let sessionID: String
  /// The account signed in with a temporary password that must be changed first.
  public var mustChangePassword: Bool = false
  /// When the access token stops being valid; long-lived streams end then, so a revoked
  /// session stops receiving events within a token's lifetime.
  public var expiresAt: Date? = nil
}
