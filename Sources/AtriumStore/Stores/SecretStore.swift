import AtriumSQL

/// Installation secrets kept in the database, so every instance that shares it uses the same.
public struct SecretStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public func secret(named name: String) throws -> [UInt8]? {
    try connection.queryFirst("SELECT value FROM installation_secrets WHERE name = ?", .text(name)).map {
      $0.blob("value")
    }
  }

  /// Stores `value` unless the secret exists already; returns the one kept, so that two
  /// instances making it at once both end with the same.
  public func keep(_ value: [UInt8], named name: String) throws -> [UInt8] {
    try connection.execute(
      "INSERT INTO installation_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
      .text(name), .blob(value))
    return try secret(named: name) ?? value
  }
}
