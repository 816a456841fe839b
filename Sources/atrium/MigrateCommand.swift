import AtriumServer
import AtriumStore
import Foundation

/// `atrium migrate --from DIR --to postgres://…`: moves a company from a data folder's SQLite
/// database into an empty PostgreSQL database, in one transaction, and says so only once
/// every table checked out (rows and checksum). The folder is locked meanwhile, so no server
/// writes to it during the move.
enum MigrateCommand {
  static let usage = "atrium migrate --from DIR --to postgres://USER@HOST/DB"

  static func run(_ arguments: [String]) -> Never {
    let values = flagValues(arguments, allowed: ["--from", "--to"], usage: usage)
    guard let from = values["from"], let to = values["to"] else { fail("usage: \(usage)") }
    guard to.hasPrefix("postgres://") || to.hasPrefix("postgresql://") else {
      fail("--to must be a postgres:// or postgresql:// address")
    }
    let started = Date()
    do {
      let directory = try DataDirectory(path: from)
      guard FileManager.default.fileExists(atPath: directory.databasePath) else {
        fail("\(from) holds no Atrium database (\(directory.databasePath) is missing)")
      }
      let lock = try directory.lock()
      let source = try directory.openDatabase()
      let destination = try PostgresDatabase(url: to, maximumConnections: 2)
      var secrets: [String: [UInt8]] = [:]
      if FileManager.default.fileExists(atPath: directory.signingKeyPath) {
        secrets["signing-key"] = try directory.signingKey()
      }
      let report = try EngineMigration.copy(from: source, to: destination, secrets: secrets)
      withExtendedLifetime(lock) {}
      for table in report.tables where table.rows > 0 {
        print("  \(table.name): \(table.rows) rows, checksum \(String(table.checksum, radix: 16))")
      }
      let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
      print(
        "Copied \(report.rows) rows in \(report.tables.count) tables from \(directory.databasePath) to the "
          + "database at \(destination.address) in \(seconds) s; every table checked (rows and checksum).")
      print(
        "Photos are files: copy \(directory.filesPath) to the folder the instances share (--files) or to "
          + "each instance's data folder.")
      exit(0)
    } catch {
      fail("\(error)")
    }
  }
}
