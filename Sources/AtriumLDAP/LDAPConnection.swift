import CLDAP

/// One entry of a search result: its DN and the values of the attributes asked for.
public struct LDAPEntry: Hashable, Sendable {
  public let dn: String
  /// Attribute names in lowercase; values as bytes (jpegPhoto is binary).
  public let attributes: [String: [[UInt8]]]

  public init(dn: String, attributes: [String: [[UInt8]]]) {
    self.dn = dn
    self.attributes = attributes
  }

  /// The first value of an attribute as UTF-8 text.
  public func string(_ name: String) -> String? {
    attributes[name.lowercased()]?.first.map { String(decoding: $0, as: UTF8.self) }
  }

  public func strings(_ name: String) -> [String] {
    (attributes[name.lowercased()] ?? []).map { String(decoding: $0, as: UTF8.self) }
  }

  public func bytes(_ name: String) -> [UInt8]? {
    attributes[name.lowercased()]?.first
  }
}

/// A connection to a directory server over libldap: bind, and search with paged results.
/// Not shared between threads: each sign-in or sync opens its own.
public final class LDAPConnection {
  public struct Options: Sendable, Hashable {
    /// `ldap://host:port` or `ldaps://host:port`; tried in order until one answers.
    public var urls: [String]
    public var startTLS: Bool
    /// A PEM file of the certificate authorities to trust for TLS, instead of the system's.
    public var caFile: String?
    /// Seconds for connecting and for each operation.
    public var timeout: Int

    public init(urls: [String], startTLS: Bool = false, caFile: String? = nil, timeout: Int = 5) {
      self.urls = urls
      self.startTLS = startTLS
      self.caFile = caFile
      self.timeout = timeout
    }
  }

  public enum Scope: Int32, Sendable {
    case base = 0
    case subtree = 2
  }

  private let handle: OpaquePointer
  private let timeout: Int

  /// Prepares a connection; libldap connects at the first operation, to the first of the URLs
  /// that answers within the timeout (StartTLS connects at once, since it needs the link).
  public init(_ options: Options) throws(LDAPError) {
    guard !options.urls.isEmpty else { throw .unavailable("no server address is configured") }
    var pointer: OpaquePointer?
    let code = atrium_ldap_open(
      options.urls.joined(separator: " "), Int32(options.timeout), options.startTLS ? 1 : 0, options.caFile, &pointer)
    guard code == LDAP_SUCCESS, let pointer else { throw Self.error(code, handle: nil) }
    handle = pointer
    timeout = options.timeout
  }

  deinit {
    atrium_ldap_unbind(handle)
  }

  /// A simple bind. An empty password is refused here, never sent: servers treat it as an
  /// anonymous bind, which "succeeds" for any DN (RFC 4513, 5.1.2).
  public func bind(dn: String, password: String) throws(LDAPError) {
    guard !password.isEmpty else { throw .invalidCredentials }
    let code = password.withCString { atrium_ldap_simple_bind(handle, dn, $0, password.utf8.count) }
    guard code == LDAP_SUCCESS else { throw Self.error(code, handle: handle) }
  }

  /// Every entry below `base` matching `filter`, read page by page (`pageSize` > 0) so that a
  /// server's size limit (slapd: 500, Active Directory: 1,000) does not cut the answer.
  /// Throws rather than return a partial list: a caller that deactivates whoever it did not
  /// see must only ever see everyone.
  public func search(
    base: String, scope: Scope = .subtree, filter: String, attributes: [String], pageSize: Int = 0
  ) throws(LDAPError) -> [LDAPEntry] {
    var entries: [LDAPEntry] = []
    var cookie = berval(bv_len: 0, bv_val: nil)
    defer { if cookie.bv_val != nil { ber_memfree(cookie.bv_val) } }
    var cStrings = attributes.map { strdup($0) }
    cStrings.append(nil)
    defer { for pointer in cStrings { free(pointer) } }
    repeat {
      var result: OpaquePointer?
      let code = cStrings.withUnsafeMutableBufferPointer { names in
        atrium_ldap_search_page(
          handle, base, scope.rawValue, filter, names.baseAddress, Int32(pageSize), &cookie, Int32(timeout), &result)
      }
      defer { if let result { ldap_msgfree(result) } }
      guard code == LDAP_SUCCESS else {
        // An entry that does not exist answers as an empty list (code 32 on the base).
        if code == LDAP_NO_SUCH_OBJECT, scope == .base { return [] }
        throw Self.error(code, handle: handle)
      }
      if let result { entries += read(result, attributes: attributes) }
    } while pageSize > 0 && cookie.bv_len > 0
    return entries
  }

  private func read(_ result: OpaquePointer, attributes: [String]) -> [LDAPEntry] {
    var entries: [LDAPEntry] = []
    var entry = ldap_first_entry(handle, result)
    while let current = entry {
      var dn = ""
      if let pointer = ldap_get_dn(handle, current) {
        dn = String(cString: pointer)
        ldap_memfree(pointer)
      }
      var values: [String: [[UInt8]]] = [:]
      for name in attributes {
        guard let list = ldap_get_values_len(handle, current, name) else { continue }
        var index = 0
        var collected: [[UInt8]] = []
        while let value = list[index] {
          let length = Int(value.pointee.bv_len)
          if length > 0, let bytes = value.pointee.bv_val {
            collected.append(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
          } else {
            collected.append([])
          }
          index += 1
        }
        ldap_value_free_len(list)
        values[name.lowercased()] = collected
      }
      entries.append(LDAPEntry(dn: dn, attributes: values))
      entry = ldap_next_entry(handle, current)
    }
    return entries
  }

  private static func error(_ code: Int32, handle: OpaquePointer?) -> LDAPError {
    let message = ldap_err2string(code).map { String(cString: $0) } ?? "error \(code)"
    switch code {
    case LDAP_INVALID_CREDENTIALS: return .invalidCredentials
    case LDAP_SERVER_DOWN, LDAP_TIMEOUT, LDAP_CONNECT_ERROR, LDAP_UNAVAILABLE, LDAP_BUSY, LDAP_TIMELIMIT_EXCEEDED:
      return .unavailable(message)
    default: return .failed(code: code, message: message)
    }
  }
}
