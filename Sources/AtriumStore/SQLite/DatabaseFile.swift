import AtriumSQLite
import Foundation

/// Copies of the database file for `atrium backup` and `atrium restore`, through SQLite's
/// online backup API (never a file copy, which could catch a half-written page).
public enum DatabaseFile {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// What a copy holds, to tell the operator.
  public struct Summary: Sendable, Equatable {
    public let people: Int
    public let leaveRequests: Int
    public let bytes: Int
  }

  /// Writes a consistent copy of the database at `source` to the new file `destination`,
  /// while a server may be writing: first to `destination.partial`, checked, then renamed.
  public static func backup(from source: String, to destination: String) throws -> Summary {
    guard FileManager.default.fileExists(atPath: source) else {
      throw Failure(description: "there is no database at \(source)")
    }
    guard !FileManager.default.fileExists(atPath: destination) else {
      throw Failure(description: "\(destination) already exists; give a new file name")
    }
    let partial = destination + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    do {
      let reader = try SQLiteConnection(path: source, readOnly: true)
      reader.setBusyTimeout(milliseconds: 5_000)
      try reader.backup(to: partial)
      let summary = try check(partial)
      guard rename(partial, destination) == 0 else {
        throw Failure(description: "cannot rename \(partial) to \(destination): \(String(cString: strerror(errno)))")
      }
      return summary
    } catch {
      try? FileManager.default.removeItem(atPath: partial)
      throw error
    }
  }

  /// Replaces the database at `target` with the backup `source`, which must be a sound
  /// Atrium database. The database being replaced (with its WAL) is kept beside it as
  /// `target.before-restore-<stamp>`. No server may have `target` open: the caller holds the
  /// data folder's lock.
  @discardableResult
  public static func restore(from source: String, to target: String, stamp: String) throws -> (Summary, kept: String?) {
    let summary = try check(source)
    var kept: String?
    if FileManager.default.fileExists(atPath: target) {
      let aside = target + ".before-restore-" + stamp
      // The WAL may hold committed pages not yet in the main file: it goes along.
      for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: target + suffix) {
        try FileManager.default.moveItem(atPath: target + suffix, toPath: aside + suffix)
      }
      kept = aside
    }
    let partial = target + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    let reader = try SQLiteConnection(path: source, readOnly: true)
    try reader.backup(to: partial)
    guard rename(partial, target) == 0 else {
      throw Failure(description: "cannot move the restored database into place: \(String(cString: strerror(errno)))")
    }
    return (summary, kept)
  }

  /// Checks that the file is a sound SQLite database made by Atrium, and counts what it holds.
  public static func check(_ path: String) throws -> Summary {
    let connection: SQLiteConnection
    do {
      connection = try SQLiteConnection(path: path, readOnly: true)
      let problems = try connection.integrityProblems()
      guard problems.isEmpty else {
        throw Failure(description: "\(path) is damaged: " + problems.prefix(3).joined(separator: "; "))
      }
      guard try !connection.run("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'").isEmpty else {
        throw Failure(description: "\(path) is not an Atrium database")
      }
    } catch let error as Failure {
      throw error
    } catch {
      throw Failure(description: "\(path) is not a readable SQLite database: \(error)")
    }
    func count(_ table: String) throws -> Int {
      if case .integer(let value)? = try connection.run("SELECT count(*) FROM \(table)").first?.values.first {
        return Int(value)
      }
      return 0
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let bytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    return Summary(people: try count("employees"), leaveRequests: try count("leave_requests"), bytes: bytes)
  }
}
