extension Schema {
  /// The company directory (LDAP), web sessions and a language chosen by the person.
  static let directoryAndWeb: [Migration] = [
    Migration(
      version: 10, name: "people from the company directory (LDAP)",
      sql: [
        // `directory_dn` links an employee to their directory entry; `directory_photo` is the
        // hash of the jpegPhoto last imported, so an unchanged photo is not processed again.
        "ALTER TABLE employees ADD COLUMN directory_dn TEXT",
        "ALTER TABLE employees ADD COLUMN directory_photo TEXT",
        "CREATE UNIQUE INDEX employees_directory_dn ON employees (directory_dn)",
        """
        CREATE TABLE directory_syncs (
          seq \(EngineText.autonumber),
          started_at BIGINT NOT NULL,
          finished_at BIGINT NOT NULL,
          created INTEGER NOT NULL,
          updated INTEGER NOT NULL,
          deactivated INTEGER NOT NULL,
          unchanged INTEGER NOT NULL,
          refused INTEGER NOT NULL,
          error TEXT)
        """,
      ]),
    Migration(
      version: 11, name: "directory settings saved by an admin",
      sql: [
        """
        CREATE TABLE directory_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          settings TEXT NOT NULL,
          updated_at BIGINT NOT NULL)
        """
      ]),
    Migration(
      version: 12, name: "web sessions",
      sql: [
        // A web session's cookie is a token of kind 'web' in its session: never rotated, its
        // issued_at moved forward as it is used, and never accepted by the refresh endpoint.
        "ALTER TABLE refresh_tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'refresh'"
      ]),
    Migration(
      version: 13, name: "a language chosen by the person",
      sql: [
        // Until someone chooses a language, the web app follows their browser's.
        "ALTER TABLE settings ADD COLUMN language_chosen INTEGER NOT NULL DEFAULT 0"
      ]),
  ]
}
