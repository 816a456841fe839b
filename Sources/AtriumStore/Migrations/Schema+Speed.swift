extension Schema {
  /// Reads that cost what their page holds, not what the company holds (issue 22).
  static let speed: [Migration] = [
    Migration(
      version: 36, name: "the directory search's page chosen from the name index",
      sql: [
        // A search that matches many people walks the names in order and keeps the first
        // page of matches, reading nothing but this index until then (`PeopleStore.directory`).
        // PostgreSQL chooses the page in its search table, which holds these columns.
        .differing(
          sqlite:
            "CREATE INDEX employees_sort_search ON employees (sort_key, id, active, search_id, department_id, location_id)",
          postgres: nil)
      ])
  ]
}
