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
  ]
}
