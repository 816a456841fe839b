import AtriumDomain
import AtriumSQL

/// The statements that take a person's data out of the tables: deleting their rows, and
/// replacing their name, e-mail and phone inside the text the company keeps
/// (`AccountErasure.replacements` says what with).
public struct ErasureStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// Deletes the rows of `table` whose `column` is `value` (the person's id, or their username).
  @discardableResult
  public func delete(from table: String, where column: String, is value: String) throws -> Int {
    try connection.execute("DELETE FROM \(table) WHERE \(column) = ?", .text(value))
  }

  /// Replaces each pair in the text `columns` of `table`, touching only the rows that hold it.
  /// - Parameter bytes: The columns hold UTF-8 bytes (stored answers), not text.
  /// - Parameter stamp: A column each touched row also gets a value of, drawn per statement
  ///   (a request's `revision`, so what was encoded of it is encoded again).
  public func scrub(
    _ table: String, columns: [String], replacements: [(String, String)], bytes: Bool = false,
    stamp: (column: String, value: () -> DatabaseValue)? = nil
  ) throws {
    let postgres = connection.dialect == .postgres
    for column in columns {
      for (old, new) in replacements {
        let (value, holds): (String, String) =
          switch (postgres, bytes) {
          case (false, false): ("replace(\(column), ?, ?)", "instr(\(column), ?) > 0")
          case (true, false): ("replace(\(column), ?, ?)", "strpos(\(column), ?) > 0")
          case (false, true):
            ("CAST(replace(CAST(\(column) AS TEXT), ?, ?) AS BLOB)", "instr(CAST(\(column) AS TEXT), ?) > 0")
          case (true, true):
            (
              "convert_to(replace(convert_from(\(column), 'UTF8'), ?, ?), 'UTF8')",
              "position(convert_to(?, 'UTF8') in \(column)) > 0"
            )
          }
        var assignments = "\(column) = \(value)"
        var arguments: [DatabaseValue] = [.text(old), .text(new)]
        if let stamp {
          assignments += ", \(stamp.column) = ?"
          arguments.append(stamp.value())
        }
        try connection.execute("UPDATE \(table) SET \(assignments) WHERE \(holds)", arguments + [.text(old)])
      }
    }
  }

  /// Saves the erased person's row (`former`: what `AccountErasure` lets it keep), moves their
  /// reports up to their own manager, and drops their photo and directory link
  /// (`eraseDirectoryEntry` remembers the entry).
  public func eraseEmployee(_ former: Employee) throws {
    let reports = try connection.query("SELECT id FROM employees WHERE manager_id = ?", .text(former.id))
    try connection.execute(
      "UPDATE employees SET manager_id = ? WHERE manager_id = ?", DatabaseValue(former.managerID), .text(former.id))
    let lines = ReportingLinesStore(connection)
    for report in reports { try lines.moved(report.string("id"), to: former.managerID) }
    try PeopleStore(connection).update(former)
    try connection.execute(
      "UPDATE employees SET photo = NULL, directory_dn = NULL, directory_photo = NULL WHERE id = ?", .text(former.id))
    // SQLite's full-text index keeps a replaced row's words until its segments merge: merged
    // now, so the person's name leaves the file too (erasures are rare; this rewrites the index).
    if connection.dialect == .sqlite {
      try connection.execute(PeopleStore.mergeSearchIndex)
    }
  }

  /// Remembers that a directory entry was erased, by a hash of its name (the name holds the
  /// person's), so the sync never brings it back.
  public func eraseDirectoryEntry(dnHash: String, at instant: Int64) throws {
    try connection.execute(
      "INSERT INTO erased_directory_entries (dn_hash, erased_at) VALUES (?, ?) ON CONFLICT (dn_hash) DO NOTHING",
      .text(dnHash), .integer(instant))
  }

  /// The hashes of the erased directory entries' names.
  public func erasedDirectoryEntries() throws -> Set<String> {
    Set(try connection.query("SELECT dn_hash FROM erased_directory_entries").map { $0.string("dn_hash") })
  }
}
