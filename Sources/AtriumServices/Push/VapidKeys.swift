import AtriumCrypto
import AtriumSQL
import AtriumStore

/// The installation's VAPID key pair (RFC 8292), which identifies this server to browsers' push
/// services. Made once, kept in the database beside the other installation secrets, so that
/// every instance signs alike and a browser's subscription survives restarts.
public enum VapidKeys {
  static let secretName = "vapid-key"

  /// The key kept in `database`, made on first use; two instances making it at once keep one.
  public static func loadOrCreate(in database: any Database) throws -> P256Key {
    if let stored = try database.read({ try SecretStore($0).secret(named: secretName) }),
      let key = P256Key(privateKey: stored)
    {
      return key
    }
    let kept = try database.write { try SecretStore($0).keep(P256Key().privateKey, named: secretName) }
    guard let key = P256Key(privateKey: kept) else { throw Failure() }
    return key
  }

  /// What the database holds under the key's name is not a P-256 key.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String { "the stored VAPID key is not a P-256 key" }
  }
}
