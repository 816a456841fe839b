import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// The folder that holds an installation's state (`--data DIR`): the SQLite database and the
/// token-signing key (unless the installation runs on PostgreSQL, which keeps both) and
/// uploaded files.
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
  /// Where the demo writes its mail as `.eml` files when no SMTP server is set up.
  public var mailFolderPath: String { path + "/outbox-mail" }

  /// Opens (creating and migrating) the embedded database.
  public func openDatabase(durability: SQLiteDatabase.Durability = .full) throws -> SQLiteDatabase {
    try SQLiteDatabase(path: databasePath, durability: durability)
  }

  /// Opens (and migrates) the installation's database: PostgreSQL at `url` when one is
  /// given, otherwise the SQLite file in this folder.
  /// - Parameter connections: The most connections to PostgreSQL this process opens.
  public func openDatabase(
    url: String?, durability: SQLiteDatabase.Durability = .full, connections: Int = 16
  ) throws -> any Database {
    guard let url else { return try openDatabase(durability: durability) }
    return try PostgresDatabase(url: url, maximumConnections: connections)
  }

  /// The token-signing key: in the database on PostgreSQL (every instance must share it), in
  /// this folder's file on SQLite.
  public func signingKey(for database: any Database) throws -> [UInt8] {
    database.dialect == .postgres ? try SigningKey.loadOrCreate(in: database) : try signingKey()
  }

  public var lockPath: String { path + "/atrium.lock" }

  /// Claims the folder for this process until it exits (however it exits: the kernel drops
  /// the lock with the process). `atrium serve` holds it, so a second server, or a restore,
  /// on the same folder is refused instead of corrupting it.
  public func lock() throws -> Lock {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Failure(description: "cannot open \(lockPath): \(String(cString: strerror(errno)))")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let holder = (try? String(contentsOfFile: lockPath, encoding: .utf8))?.trimmingCharacters(
        in: .whitespacesAndNewlines)
      close(descriptor)
      throw Failure(
        description: "an Atrium server" + (holder.map { $0.isEmpty ? "" : " (pid \($0))" } ?? "")
          + " is using \(path); stop it first")
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return Lock(descriptor: descriptor)
  }

  /// A held data-folder lock; released when this is released or the process ends.
  public final class Lock: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit { close(descriptor) }
  }

  public func signingKey() throws -> [UInt8] {
    try SigningKey.loadOrCreate(at: signingKeyPath)
  }

  /// The MQTT client id this folder's server connects to the sensors' broker with, made once
  /// and kept in the folder: the same id after a restart finds the broker's kept session.
  public func mqttClientID() throws -> String {
    let file = path + "/mqtt-client-id"
    if let kept = try? String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
      !kept.isEmpty
    {
      return kept
    }
    let made = "atrium-" + UUID().uuidString.lowercased()
    try made.write(toFile: file, atomically: true, encoding: .utf8)
    return made
  }
}
