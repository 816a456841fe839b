import AtriumCrypto
import AtriumSQL
import AtriumStore
import Foundation

/// The installation's token-signing key, made once so tokens survive restarts: with SQLite in
/// the data folder, in a file only the server's user can read (0600); with PostgreSQL in the
/// database, so that every instance signs and checks tokens alike.
public enum SigningKey {
  /// Reads the key kept in `database`, creating it with 32 random bytes when missing.
  public static func loadOrCreate(in database: any Database) throws -> [UInt8] {
    try database.write { connection in
      let secrets = SecretStore(connection)
      if let key = try secrets.secret(named: "signing-key"), key.count >= 32 { return key }
      return try secrets.keep(Crypto.randomBytes(32), named: "signing-key")
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Reads the key at `path`, creating it with 32 random bytes when missing.
  public static func loadOrCreate(at path: String) throws -> [UInt8] {
    if let existing = FileManager.default.contents(atPath: path) {
      guard
        let key = Base64URL.decode(
          String(decoding: existing, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
        key.count >= 32
      else { throw Failure(description: "\(path) does not hold a valid signing key") }
      return key
    }
    let key = Crypto.randomBytes(32)
    // O_EXCL: if another process creates it first, read theirs instead of overwriting it.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST { return try loadOrCreate(at: path) }
      throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let text = Array((Base64URL.encode(key) + "\n").utf8)
    guard write(descriptor, text, text.count) == text.count, fsync(descriptor) == 0 else {
      throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    return key
  }
}
