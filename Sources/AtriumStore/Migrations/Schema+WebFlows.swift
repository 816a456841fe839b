extension Schema {
  /// What the web app's flows needed: a company rule on reasons for decisions.
  static let webFlows: [Migration] = [
    Migration(
      version: 18, name: "whether rejecting or reopening needs a reason",
      sql: [
        "ALTER TABLE company ADD COLUMN decision_reason_required INTEGER NOT NULL DEFAULT 0"
      ])
  ]
}
