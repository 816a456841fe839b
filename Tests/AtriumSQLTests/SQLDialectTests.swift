import AtriumSQL
import Testing

/// Issue 16 (the engine): statements are written once with `?`; PostgreSQL numbers them.
@Suite struct SQLDialectTests {
  @Test func postgresNumbersThePlaceholdersOutsideQuotes() {
    let sql = "SELECT * FROM t WHERE a = ? AND b = 'why?' AND \"odd?column\" = ? AND c IN (?, ?)"
    #expect(
      SQLDialect.postgres.placeholders(in: sql)
        == "SELECT * FROM t WHERE a = $1 AND b = 'why?' AND \"odd?column\" = $2 AND c IN ($3, $4)")
    #expect(SQLDialect.postgres.placeholders(in: "SELECT 'it''s?' , ?") == "SELECT 'it''s?' , $1")
    #expect(SQLDialect.sqlite.placeholders(in: sql) == sql, "SQLite reads `?` as it is")
  }

  @Test func rowsReadTheirColumnsByName() {
    let columns = DatabaseColumns(["id", "n", "flag"])
    let row = DatabaseRow(columns: columns, values: [.text("a"), .integer(3), .integer(1)])
    #expect(row.string("id") == "a" && row.int("n") == 3 && row.bool("flag"))
    #expect(row["missing"] == .null && row.optionalInt("missing") == nil)
  }
}
