import Foundation

/// A TCP port on 127.0.0.1 that nothing listens on now, for a server a test starts.
public enum FreePort {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public static func loopback() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "no free port on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
