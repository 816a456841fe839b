import Foundation
import Synchronization

/// A TCP proxy on 127.0.0.1 in front of a test server that can stall: while `isStalling`, new
/// connections are accepted and then left without an answer, as a directory hanging on a slow
/// bind would; otherwise bytes are passed both ways. Stalled connections stay open until
/// `release()`.
public final class StallingProxy: @unchecked Sendable {
  public let port: Int
  private let targetPort: Int
  private let listener: Int32
  private let state = Mutex<(stalling: Bool, held: [Int32], stopped: Bool)>((false, [], false))

  public init(targetPort: Int) throws {
    self.targetPort = targetPort
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 64) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard ready else {
      close(descriptor)
      throw Slapd.Failure(description: "the proxy cannot listen")
    }
    listener = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit {
    stop()
  }

  public var url: String { "ldap://127.0.0.1:\(port)" }

  public var isStalling: Bool {
    get { state.withLock { $0.stalling } }
    set { state.withLock { $0.stalling = newValue } }
  }

  /// Connections being held without an answer.
  public var stalledConnections: Int { state.withLock { $0.held.count } }

  /// Closes the stalled connections: their clients see the server go away.
  public func release() {
    for socket in state.withLock({ state -> [Int32] in
      defer { state.held = [] }
      return state.held
    }) {
      shutdown(socket, Int32(SHUT_RDWR))
      close(socket)
    }
  }

  public func stop() {
    let first = state.withLock { state -> Bool in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    release()
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      let held = state.withLock { state -> Bool in
        guard state.stalling else { return false }
        state.held.append(client)
        return true
      }
      if held { continue }
      let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = Self.loopback(port: targetPort)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      guard connected else {
        close(client)
        close(upstream)
        continue
      }
      let pair = SocketPair(client, upstream)
      Thread.detachNewThread { Self.pump(from: client, to: upstream, pair: pair) }
      Thread.detachNewThread { Self.pump(from: upstream, to: client, pair: pair) }
    }
  }

  /// Copies bytes until either side closes; the second direction to finish closes both sockets.
  private static func pump(from source: Int32, to destination: Int32, pair: SocketPair) {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = recv(source, &buffer, buffer.count, 0)
      guard count > 0, send(destination, buffer, count, Int32(MSG_NOSIGNAL)) == count else { break }
    }
    shutdown(destination, Int32(SHUT_WR))
    shutdown(source, Int32(SHUT_RD))
    pair.finishOne()
  }

  /// The two sockets of one proxied connection, closed when both directions are done.
  private final class SocketPair: Sendable {
    let sockets: (Int32, Int32)
    let running = Mutex(2)

    init(_ first: Int32, _ second: Int32) {
      sockets = (first, second)
    }

    func finishOne() {
      guard
        running.withLock({ count -> Int in
          count -= 1
          return count
        }) == 0
      else { return }
      close(sockets.0)
      close(sockets.1)
    }
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    return address
  }
}
