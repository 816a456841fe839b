import AtriumSQL

/// Which instance runs each background job, so that a job runs once however many instances
/// share the database.
public struct JobClaimStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// Claims `job` for `holder` until `until` (ms) when it is free, lapsed (its `until` is
  /// before `now`) or already this holder's; false when another instance holds it.
  public func claim(_ job: String, holder: String, until: Int64, now: Int64) throws -> Bool {
    let changed = try connection.execute(
      """
      INSERT INTO job_claims (name, holder, until) VALUES (?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
      WHERE job_claims.until < ? OR job_claims.holder = excluded.holder
      """, .text(job), .text(holder), .integer(until), .integer(now))
    return changed == 1
  }
}
