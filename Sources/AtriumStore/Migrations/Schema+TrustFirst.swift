extension Schema {
  /// What the first users' findings needed: a default leave type, policies by year and
  /// notices worded when they are read.
  static let trustFirst: [Migration] = [
    Migration(
      version: 14, name: "the company's default leave type",
      sql: [
        // Exactly one active type is the default: new requests without a type get it, and the
        // web form starts on it.
        "ALTER TABLE leave_types ADD COLUMN is_default INTEGER NOT NULL DEFAULT 0",
        "UPDATE leave_types SET is_default = 1 WHERE id = '00000000-0000-4000-8000-000000000001'",
      ])
  ]
}
