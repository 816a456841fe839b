import AtriumServices
import Foundation
import Synchronization

/// A TCP proxy on 127.0.0.1 in front of a test server that can stall: while `isStalling`, new
/// connections are accepted and then left without an answer, as a directory hanging on a slow
/// bind would; otherwise bytes are passed both ways. Stalled connections stay open until
/// `release()`.
///
/// Every socket has one owner that closes it once (DESIGN.md): the accept thread owns the
/// listener, `state` owns the stalled connections, and each proxied connection's `SocketPair`
/// owns its two sockets until both pump threads are done with them.
public final class StallingProxy: @unchecked Sendable {
  public let port: Int
  private let targetPort: Int
  private let listener: OwnedSocket
  private let state = Mutex<(stalling: Bool, held: [OwnedSocket], stopped: Bool)>((false, [], false))

  public init(targetPort: Int) throws {
    self.targetPort = targetPort
    guard let listener = OwnedSocket.tcp() else { throw Slapd.Failure(description: "the proxy has no socket") }
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let descriptor = listener.descriptor
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 64) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard ready else { throw Slapd.Failure(description: "the proxy cannot listen") }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in acceptLoop() }
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
    let held = state.withLock { state -> [OwnedSocket] in
      defer { state.held = [] }
      return state.held
    }
    for socket in held {
      socket.shutdown()
      socket.close()
    }
  }

  /// Stops accepting and releases the stalled connections. The listener is only shut here:
  /// the accept thread, woken by that, closes it, so no thread ever waits on a closed number.
  public func stop() {
    let first = state.withLock { state -> Bool in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    release()
    listener.shutdown()
  }

  private func acceptLoop() {
    defer { listener.close() }
    while true {
      let descriptor = accept(listener.descriptor, nil, nil)
      if descriptor < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      let client = OwnedSocket(descriptor)
      let action = state.withLock { state -> (stopped: Bool, held: Bool) in
        if state.stopped { return (true, false) }
        guard state.stalling else { return (false, false) }
        state.held.append(client)
        return (false, true)
      }
      if action.stopped { return }
      if action.held { continue }
      guard let upstream = OwnedSocket.tcp() else { continue }
      var address = Self.loopback(port: targetPort)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(upstream.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      // Without a connection upstream, `client` and `upstream` close as they go out of scope.
      guard connected else { continue }
      let pair = SocketPair(client, upstream)
      Thread.detachNewThread { Self.pump(from: client.descriptor, to: upstream.descriptor, pair: pair) }
      Thread.detachNewThread { Self.pump(from: upstream.descriptor, to: client.descriptor, pair: pair) }
    }
  }

  /// Copies bytes until either side closes; the second direction to finish closes both sockets.
  private static func pump(from source: Int32, to destination: Int32, pair: SocketPair) {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = recv(source, &buffer, buffer.count, 0)
      guard count > 0, send(destination, buffer, count, Int32(MSG_NOSIGNAL)) == count else { break }
    }
    Glibc.shutdown(destination, Int32(SHUT_WR))
    Glibc.shutdown(source, Int32(SHUT_RD))
    pair.finishOne()
  }

  /// The two sockets of one proxied connection, closed when both directions are done.
  private final class SocketPair: Sendable {
    let sockets: (OwnedSocket, OwnedSocket)
    let running = Mutex(2)

    init(_ first: OwnedSocket, _ second: OwnedSocket) {
      sockets = (first, second)
    }

    func finishOne() {
      let remaining = running.withLock { count -> Int in
        count -= 1
        return count
      }
      guard remaining == 0 else { return }
      sockets.0.close()
      sockets.1.close()
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
