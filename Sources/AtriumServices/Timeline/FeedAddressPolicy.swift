import AtriumMessages
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which addresses the timeline may fetch feeds from. An admin's feed address must not turn
/// the server into a way to reach its own network: a host that resolves to a loopback,
/// link-local, private or unspecified address is refused (after DNS resolution, and again for
/// every redirect), unless the host is one the operator allowed by name (an intranet blog).
public struct FeedAddressPolicy: Sendable, Hashable {
  /// Host names (lowercased) that may be fetched whatever they resolve to.
  public var allowedHosts: Set<String>

  public init(allowedHosts: Set<String> = []) {
    self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
  }

  /// Why `url` may not be fetched, or nil when it may.
  public func refusal(for url: URL) -> FeedTrouble? {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return .onlyHTTP
    }
    guard let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")), !host.isEmpty
    else { return .noHost }
    if allowedHosts.contains(host) { return nil }
    let addresses = Self.resolve(host)
    // Unresolvable names fail later, worded like any other unreachable server.
    if addresses.contains(where: Self.isInternal) {
      return .privateNetwork
    }
    return nil
  }

  /// The numeric addresses a host name resolves to (IPv4 as 4 bytes, IPv6 as 16).
  static func resolve(_ host: String) -> [[UInt8]] {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
    defer { freeaddrinfo(first) }
    var addresses: [[UInt8]] = []
    var node: UnsafeMutablePointer<addrinfo>? = first
    while let entry = node {
      if let address = entry.pointee.ai_addr {
        switch Int32(entry.pointee.ai_family) {
        case AF_INET:
          address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            var value = $0.pointee.sin_addr
            addresses.append(withUnsafeBytes(of: &value) { Array($0) })
          }
        case AF_INET6:
          address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            var value = $0.pointee.sin6_addr
            addresses.append(withUnsafeBytes(of: &value) { Array($0) })
          }
        default: break
        }
      }
      node = entry.pointee.ai_next
    }
    return addresses
  }

  /// Loopback, link-local, private (RFC 1918, RFC 4193), shared (RFC 6598) and unspecified
  /// addresses, IPv4-mapped IPv6 included.
  static func isInternal(_ address: [UInt8]) -> Bool {
    if address.count == 16 {
      if address.prefix(10).allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF {
        return isInternal(Array(address.suffix(4)))
      }
      if address.allSatisfy({ $0 == 0 }) { return true }  // ::
      if address.prefix(15).allSatisfy({ $0 == 0 }) && address[15] == 1 { return true }  // ::1
      if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return true }  // fe80::/10
      if address[0] & 0xFE == 0xFC { return true }  // fc00::/7
      return false
    }
    guard address.count == 4 else { return true }
    switch (address[0], address[1]) {
    case (0, _), (10, _), (127, _): return true
    case (169, 254), (192, 168): return true
    case (172, 16...31): return true
    case (100, 64...127): return true
    default: return false
    }
  }
}
