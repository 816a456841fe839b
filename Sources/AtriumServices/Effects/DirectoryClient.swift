import AtriumLDAP

/// An open connection to the company directory: what the directory services ask of it.
public protocol DirectoryConnection: AnyObject {
  func bind(dn: String, password: String) throws(LDAPError)
  func search(
    base: String, scope: LDAPConnection.Scope, filter: String, attributes: [String], pageSize: Int
  ) throws(LDAPError) -> [LDAPEntry]
}

extension DirectoryConnection {
  /// A search of the whole subtree, in one answer unless `pageSize` asks for pages.
  func search(
    base: String, scope: LDAPConnection.Scope = .subtree, filter: String, attributes: [String]
  ) throws(LDAPError) -> [LDAPEntry] {
    try search(base: base, scope: scope, filter: filter, attributes: attributes, pageSize: 0)
  }

  /// A search of the whole subtree, read `pageSize` entries at a time.
  func search(base: String, filter: String, attributes: [String], pageSize: Int) throws(LDAPError) -> [LDAPEntry] {
    try search(base: base, scope: .subtree, filter: filter, attributes: attributes, pageSize: pageSize)
  }
}

extension LDAPConnection: DirectoryConnection {}

/// Opens connections to the company directory: over LDAP in production; a test passes its
/// own, or `failing`, which stops the test at once if anything asks the directory.
public struct DirectoryClient: Sendable {
  public var connect: @Sendable (LDAPConnection.Options) throws(LDAPError) -> any DirectoryConnection

  public init(connect: @escaping @Sendable (LDAPConnection.Options) throws(LDAPError) -> any DirectoryConnection) {
    self.connect = connect
  }

  /// The real directory, over libldap.
  public static let ldap = DirectoryClient { options throws(LDAPError) in try LDAPConnection(options) }

  /// For code that must not reach a directory: any call stops the process with a message.
  public static let failing = DirectoryClient { options in
    fatalError("DirectoryClient.failing: something asked the directory at \(options.urls); this test set up none")
  }
}
