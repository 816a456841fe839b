import AtriumSQL
import AtriumStore
import Foundation
import Synchronization

/// The database engine the tests of this run use: SQLite in a test's own folder, or, when
/// `ATRIUM_TEST_DATABASE=postgres`, a fresh database of its own in the throwaway PostgreSQL
/// cluster (`PostgresServer`). `make test` runs the suites once with each.
public enum TestDatabase {
  public enum Engine: String, Sendable {
    case sqlite, postgres
  }

  /// The engine chosen for this run.
  public static var engine: Engine {
    ProcessInfo.processInfo.environment["ATRIUM_TEST_DATABASE"].flatMap(Engine.init(rawValue:)) ?? .sqlite
  }

  /// A new, migrated, empty database for one test; SQLite's file goes in `folder`.
  public static func make(in folder: String) throws -> any Database {
    switch engine {
    case .sqlite: return try SQLiteDatabase(path: folder + "/atrium.sqlite")
    case .postgres: return try PostgresDatabase(url: try makePostgresURL())
    }
  }

  /// The address of a new PostgreSQL database with every migration applied: a copy of a
  /// template migrated once per test process, which is much faster than migrating each one.
  private static func makePostgresURL() throws -> String {
    let server = try PostgresServer.shared()
    let template = try migratedTemplate.withLock { name in
      if let name { return name }
      let url = try server.makeDatabase()
      // Migrated, then closed: a template must have no connections while it is copied.
      do { _ = try PostgresDatabase(url: url, maximumConnections: 1) }
      let made = String(url.split(separator: "/").last ?? "")
      name = made
      return made
    }
    return try server.makeDatabase(template: template)
  }

  private static let migratedTemplate = Mutex<String?>(nil)
}
