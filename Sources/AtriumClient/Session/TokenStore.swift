import Foundation
import Synchronization

/// What is kept between launches: the server chosen and the session's tokens.
public struct StoredSession: Codable, Hashable, Sendable {
  public var server: String
  public var username: String
  public var accessToken: String
  public var refreshToken: String
  /// The person's id (nil in a session kept by an earlier version): what is theirs shows as theirs offline.
  public var userID: String?

  public init(server: String, username: String, accessToken: String, refreshToken: String, userID: String? = nil) {
    self.server = server
    self.username = username
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.userID = userID
  }
}

/// Keeps the session: the Keychain on Apple platforms, a private file on Linux, memory in tests.
public protocol TokenStore: Sendable {
  func load() -> StoredSession?
  func save(_ session: StoredSession?) throws
  /// The server last signed in to, kept after signing out so the sign-in form offers it.
  func rememberedServer() -> String?
  func remember(server: String) throws
}

/// A session in memory only.
public final class MemoryTokenStore: TokenStore {
  private let session = Mutex<StoredSession?>(nil)
  private let server = Mutex<String?>(nil)

  public init(_ initial: StoredSession? = nil) {
    session.withLock { $0 = initial }
  }

  public func load() -> StoredSession? { session.withLock { $0 } }
  public func save(_ session: StoredSession?) throws { self.session.withLock { $0 = session } }
  public func rememberedServer() -> String? { server.withLock { $0 } }
  public func remember(server: String) throws { self.server.withLock { $0 = server } }
}

/// A session in a file readable by its owner only (0600), written atomically; the Linux
/// counterpart of the Keychain.
public final class FileTokenStore: TokenStore {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// `$XDG_CONFIG_HOME/atrium/session.json`, else `~/.config/atrium/session.json`.
  public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    return base + "/atrium/session.json"
  }

  public func load() -> StoredSession? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONDecoder().decode(StoredSession.self, from: data)
  }

  public func save(_ session: StoredSession?) throws {
    guard let session else {
      try? FileManager.default.removeItem(atPath: path)
      return
    }
    try Self.writePrivately(try JSONEncoder().encode(session), to: path)
    try remember(server: session.server)
  }

  /// `server` next to the session file.
  private var serverPath: String { (path as NSString).deletingLastPathComponent + "/server" }

  public func rememberedServer() -> String? {
    FileManager.default.contents(atPath: serverPath).map { String(decoding: $0, as: UTF8.self) }
      ?? load()?.server
  }

  public func remember(server: String) throws {
    try Self.writePrivately(Data(server.utf8), to: serverPath)
  }

  private static func writePrivately(_ data: Data, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = path + ".tmp-\(getpid())"
    // Created 0600 before any byte is written, so the tokens are never readable by others.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == data.count, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw CocoaError(.fileWriteUnknown)
    }
  }
}
