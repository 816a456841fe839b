#if canImport(Security)
  import Foundation
  import Security

  /// The session in the Keychain, on Apple platforms: readable only while the device is
  /// unlocked, never synced or backed up to another device. The remembered server is not a
  /// secret and lives in the Keychain item's neighbour, UserDefaults.
  ///
  /// Linux builds (and so CI) never compile this file; it follows Apple's documented
  /// `SecItem` calls for a generic password.
  public final class KeychainTokenStore: TokenStore {
    private let service: String
    private let account = "session"

    public init(service: String = "atrium.session") {
      self.service = service
    }

    private var query: [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
        kSecAttrAccount as String: account,
      ]
    }

    public func load() -> StoredSession? {
      var lookup = query
      lookup[kSecReturnData as String] = true
      lookup[kSecMatchLimit as String] = kSecMatchLimitOne
      var item: CFTypeRef?
      guard SecItemCopyMatching(lookup as CFDictionary, &item) == errSecSuccess, let data = item as? Data else {
        return nil
      }
      return try? JSONDecoder().decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession?) throws {
      SecItemDelete(query as CFDictionary)
      guard let session else { return }
      var item = query
      item[kSecValueData as String] = try JSONEncoder().encode(session)
      item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
      let status = SecItemAdd(item as CFDictionary, nil)
      guard status == errSecSuccess else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
      try remember(server: session.server)
    }

    public func rememberedServer() -> String? {
      UserDefaults.standard.string(forKey: service + ".server") ?? load()?.server
    }

    public func remember(server: String) throws {
      UserDefaults.standard.set(server, forKey: service + ".server")
    }
  }
#endif
