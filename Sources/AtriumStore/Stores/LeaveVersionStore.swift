import AtriumSQL

/// Each person's leave version (`leave_versions`): a number drawn again, by the database's
/// triggers (migration 53), in the transaction of every change of the person's requests or
/// yearly totals, whichever path or instance makes it. A year view made after reading a
/// version is what the person's rows held at that version, so an instance may answer again
/// with what it made while the version reads the same (`KeptLeaveYears`).
public struct LeaveVersionStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// The person's version; nil while no change has been made since the table was made, a
  /// state no drawn number stands for.
  public func version(employeeID: String) throws -> Int64? {
    var version: Int64?
    try connection.forEachRow(Self.versionQuery, [.text(employeeID)]) { row in
      version = Int64(row[0].int)
    }
    return version
  }

  private static let versionQuery = "SELECT version FROM leave_versions WHERE employee_id = ?"
}
