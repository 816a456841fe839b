import AtriumDomain
import AtriumSQL

/// The company's rules for decisions, kept on the company row.
public struct ApprovalRulesStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// The rules; the defaults before the company is set up.
  public func rules() throws -> ApprovalRules {
    guard let row = try connection.queryFirst("SELECT decision_reason_required FROM company WHERE id = 1") else {
      return ApprovalRules()
    }
    return ApprovalRules(reasonRequired: row.bool("decision_reason_required"))
  }

  public func save(_ rules: ApprovalRules) throws {
    try connection.execute(
      "UPDATE company SET decision_reason_required = ? WHERE id = 1", DatabaseValue(rules.reasonRequired))
  }
}
