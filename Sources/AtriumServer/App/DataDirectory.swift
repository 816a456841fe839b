import AtriumStore
import Foundation

/// The folder that holds an installation's state (`--data DIR`): the SQLite database, the
/// token-signing key and uploaded files.
public struct DataDirectory: Sendable {
  public let path: String

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Uses `path`, creating it (readable by the server's user only) when missing.
  public init(path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw Failure(description: "\(path) exists and is not a folder") }
    } else {
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw Failure(description: "cannot create the data folder \(path): \(error.localizedDescription)")
      }
    }
    self.path = path
  }

  public var databasePath: String { path + "/atrium.sqlite" }
  public var signingKeyPath: String { path + "/signing.key" }
  /// Uploaded files, such as profile photos.
  public var filesPath: String { path + "/files" }

  /// Opens (creating and migrating) the embedded database.
  public func openDatabase(durability: SQLiteDatabase.Durability = .full) throws -> SQLiteDatabase {
    try SQLiteDatabase(path: databasePath, durability: durability)
  }

  public func signingKey() throws -> [UInt8] {
    try SigningKey.loadOrCreate(at: signingKeyPath)
  }
}
