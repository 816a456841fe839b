import AtriumHTTPTypes
import CMicroHTTPD
import Foundation

/// An IPv4 or IPv6 socket address built from a numeric host.
enum SocketAddress {
  case v4(sockaddr_in)
  case v6(sockaddr_in6)

  init(host: String, port: Int) throws {
    guard (0...65535).contains(port) else {
      throw HTTPServer.StartError(description: "port \(port) is out of range")
    }
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = in_port_t(UInt16(port).bigEndian)
      self = .v4(v4)
      return
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = in_port_t(UInt16(port).bigEndian)
      self = .v6(v6)
      return
    }
    throw HTTPServer.StartError(
      description: "host must be a numeric IPv4 or IPv6 address, e.g. 127.0.0.1 or ::1; got \(host)")
  }

  func withPointer<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
    switch self {
    case .v4(var address):
      withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    case .v6(var address):
      withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
  }
}
