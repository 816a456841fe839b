extension Schema {
  /// What the web app's flows needed: decisions that say why.
  static let webFlows: [Migration] = [
    Migration(
      version: 18, name: "decisions with their reasons",
      sql: [
        // Whether rejecting or reopening needs a reason.
        "ALTER TABLE company ADD COLUMN decision_reason_required INTEGER NOT NULL DEFAULT 0",
        // Why the decision that gave a request its status was taken, shown to the employee.
        "ALTER TABLE leave_requests ADD COLUMN decision_reason TEXT NOT NULL DEFAULT ''",
      ]),
    Migration(
      version: 19, name: "the company's shortest password",
      sql: ["ALTER TABLE company ADD COLUMN password_minimum INTEGER NOT NULL DEFAULT 8"]),
    Migration(
      version: 20, name: "installation secrets shared by every instance",
      sql: [
        // Keys every instance on one database must share (the token-signing key on
        // PostgreSQL), so a token one instance issued is valid on the others.
        "CREATE TABLE installation_secrets (name TEXT PRIMARY KEY, value \(EngineText.bytes) NOT NULL)"
      ]),
    Migration(
      version: 21, name: "state every instance shares: failed sign-ins and background job claims",
      sql: [
        // Failed sign-ins within the rate limit's window, whichever instance received them.
        "CREATE TABLE login_failures (address TEXT NOT NULL, username TEXT NOT NULL, at BIGINT NOT NULL)",
        "CREATE INDEX login_failures_address ON login_failures (address, at)",
        "CREATE INDEX login_failures_at ON login_failures (at)",
        // Which instance runs a background job, until when (a lost instance's claim lapses).
        "CREATE TABLE job_claims (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until BIGINT NOT NULL)",
      ]),
  ]
}
