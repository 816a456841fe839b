import AtriumServices
import Foundation

/// A blocking HTTP/1.1 client over one TCP connection to a loopback port, for tests that
/// must see the wire: keep-alive, early responses, half-sent bodies.
public final class RawHTTPClient {
  public struct Response: Sendable {
    public let status: Int
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The connection; this client is its one owner and closes it when it goes away.
  private let connection: OwnedSocket
  private var socket: Int32 { connection.descriptor }
  private var buffer: [UInt8] = []

  /// Connects to a numeric loopback address (`127.0.0.1` or `::1`); reads give up after
  /// `timeout` seconds.
  /// - Parameter source: a loopback address to send from (`127.0.0.2`), to stand for another
  ///   client machine.
  public init(host: String = "127.0.0.1", port: Int, timeout: Int = 30, source: String? = nil) throws {
    let isIPv6 = host.contains(":")
    guard let connection = OwnedSocket.tcp(ipv6: isIPv6) else { throw Failure(description: "socket() failed") }
    // From here on the socket belongs to `connection`, which closes it once, whether this
    // initializer returns or throws.
    self.connection = connection
    let socket = connection.descriptor
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    let result: Int32
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = in_port_t(UInt16(port).bigEndian)
      inet_pton(AF_INET6, host, &address.sin6_addr)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      if let source {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        _ = withUnsafePointer(to: &local) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
      }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      inet_pton(AF_INET, host, &address.sin_addr)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard result == 0 else {
      throw Failure(description: "cannot connect to \(host) port \(port): \(String(cString: strerror(errno)))")
    }
  }

  /// Sends bytes; returns how many were sent before the peer stopped taking them.
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Int {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { break }
      sent += count
    }
    return sent
  }

  public func send(_ text: String) { send(Array(text.utf8)) }

  /// Sends a whole request with `Connection: keep-alive` semantics (HTTP/1.1 default).
  public func request(
    _ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []
  ) throws
    -> Response
  {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for header in headers { head += header + "\r\n" }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    send(Array((head + "\r\n").utf8) + body)
    return try readResponse()
  }

  /// Reads one response (status line, headers, `Content-Length` body).
  public func readResponse() throws -> Response {
    let head = try readHead()
    let length = head.header("Content-Length").flatMap { Int($0) } ?? 0
    while buffer.count < length { try fill() }
    let body = Array(buffer.prefix(length))
    buffer.removeFirst(length)
    return Response(status: head.status, headers: head.headers, body: body)
  }

  /// Reads the status line and headers, leaving the body (sized or chunked) unread.
  public func readHead() throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    while buffer.firstRange(of: separator) == nil { try fill() }
    let end = buffer.firstRange(of: separator)!.lowerBound
    let head = String(decoding: buffer[..<end], as: UTF8.self)
    buffer.removeFirst(end + 4)
    let lines = head.components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line: \(lines[0])")
    }
    let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    return Response(status: status, headers: headers, body: [])
  }

  /// Reads the next chunk of a chunked body; nil at its last (empty) chunk.
  public func readChunk() throws -> [UInt8]? {
    let lineEnd: [UInt8] = [13, 10]
    while buffer.firstRange(of: lineEnd) == nil { try fill() }
    let end = buffer.firstRange(of: lineEnd)!.lowerBound
    let sizeText = String(decoding: buffer[..<end], as: UTF8.self).split(separator: ";").first ?? ""
    guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
      throw Failure(description: "bad chunk size line: \(sizeText)")
    }
    buffer.removeFirst(end + 2)
    while buffer.count < size + 2 { try fill() }
    let chunk = Array(buffer.prefix(size))
    buffer.removeFirst(size + 2)
    return size == 0 ? nil : chunk
  }

  /// Reads a streamed body until its text so far contains `marker`; returns that text.
  /// Throws when the stream ends or a read times out first.
  public func readStream(until marker: String, into text: inout String) throws {
    while !text.contains(marker) {
      guard let chunk = try readChunk() else {
        throw Failure(description: "the stream ended before \"\(marker)\"; it said: \(text)")
      }
      text += String(decoding: chunk, as: UTF8.self)
    }
  }

  /// Whether the server has closed the connection: a read returns end of file, or the
  /// connection was reset (a server that refuses a connection may close it either way).
  public func isClosedByPeer() -> Bool {
    var byte: UInt8 = 0
    let count = recv(socket, &byte, 1, 0)
    return count == 0 || (count < 0 && errno == ECONNRESET)
  }

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = recv(socket, &chunk, chunk.count, 0)
    guard count > 0 else {
      throw Failure(
        description: count == 0 ? "connection closed by the server" : "read failed: \(String(cString: strerror(errno)))"
      )
    }
    buffer.append(contentsOf: chunk[..<count])
  }
}
