import AtriumLog
import AtriumServer
import AtriumServices
import AtriumStore
import Foundation

/// `atrium backup --to FILE [--data DIR]`: a consistent copy of the database while the server
/// runs. `atrium restore --from FILE [--data DIR]`: puts a backup in place, refused while a
/// server uses the folder.
enum BackupCommands {
  /// These commands copy the SQLite file; an installation on PostgreSQL is backed up by
  /// PostgreSQL's own tools, which this must not pretend to replace.
  private static func refuseOnPostgres(_ environment: [String: String]) {
    guard let url = environment["ATRIUM_DATABASE_URL"], !url.isEmpty else { return }
    failed(
      "ATRIUM_DATABASE_URL is set: this installation's data is in PostgreSQL. Back it up with pg_dump "
        + "and restore it with pg_restore (README, \"Running on PostgreSQL and several instances\").")
  }

  static func backup(_ arguments: [String], environment: [String: String]) -> Never {
    refuseOnPostgres(environment)
    let options = parse(arguments, required: "to", usage: "atrium backup --to FILE [--data DIR]")
    do {
      let directory = try DataDirectory(path: options.data ?? environment["ATRIUM_DATA"] ?? "./atrium-data")
      let summary = try DatabaseFile.backup(from: directory.databasePath, to: options.file)
      print("Backed up \(describe(summary)) to \(options.file).")
      print("Profile photos are files: copy \(directory.filesPath) alongside to keep them too.")
      exit(0)
    } catch {
      failed("\(error)")
    }
  }

  static func restore(_ arguments: [String], environment: [String: String]) -> Never {
    refuseOnPostgres(environment)
    let options = parse(arguments, required: "from", usage: "atrium restore --from FILE [--data DIR]")
    do {
      let directory = try DataDirectory(path: options.data ?? environment["ATRIUM_DATA"] ?? "./atrium-data")
      let lock = try directory.lock()
      let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
      let (summary, kept) = try DatabaseFile.restore(from: options.file, to: directory.databasePath, stamp: stamp)
      withExtendedLifetime(lock) {}
      print("Restored \(describe(summary)) into \(directory.path).")
      if let kept { print("The database it replaced is kept as \(kept).") }
      exit(0)
    } catch {
      failed("\(error)")
    }
  }

  private static func describe(_ summary: DatabaseFile.Summary) -> String {
    let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_048_576)
    return "\(summary.people) people and \(summary.leaveRequests) leave requests (\(megabytes) MB)"
  }

  private static func parse(_ arguments: [String], required: String, usage: String) -> (file: String, data: String?) {
    var values: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let flag = arguments[index]
      guard flag == "--\(required)" || flag == "--data", index + 1 < arguments.count else {
        fail("usage: \(usage)")
      }
      values[String(flag.dropFirst(2))] = arguments[index + 1]
      index += 2
    }
    guard let file = values[required] else { fail("usage: \(usage)") }
    return (file, values["data"])
  }

  /// A refusal or failure of the operation itself (not of its usage): exit code 1.
  private static func failed(_ message: String) -> Never {
    FileHandle.standardError.write(Data("atrium: \(message)\n".utf8))
    exit(1)
  }
}
