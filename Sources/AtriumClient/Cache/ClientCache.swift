import AtriumSQLite
import Foundation
import Synchronization

/// The SDK's local SQLite file: what each screen last showed (so it appears at once, and
/// offline), and the outbox of writes made offline, in order, each with its Idempotency-Key.
public final class ClientCache: Sendable {
  private let connection: Mutex<SQLiteConnection>

  /// A cache file (created when missing), or ":memory:" for tests.
  public init(path: String) throws {
    let connection = try SQLiteConnection(path: path)
    // Two commands of one person at once (a simulator beside `atrium sensors`) take turns
    // instead of one failing with "database is locked".
    connection.setBusyTimeout(milliseconds: 5_000)
    try connection.executeScript(
      """
      CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, body BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE,
        payload BLOB NOT NULL);
      """)
    self.connection = Mutex(connection)
  }

  /// Forgets everything this device kept: after the account was deleted, nothing of it stays.
  public func removeAll() {
    connection.withLock { _ = try? $0.executeScript("DELETE FROM entries; DELETE FROM outbox;") }
  }

  // MARK: - Entries

  /// Stores a value under a key, replacing what was there (never a second copy).
  public func put(_ value: some Encodable, key: String) {
    guard let data = try? JSONEncoder().encode(value) else { return }
    connection.withLock {
      _ = try? $0.run(
        "INSERT INTO entries (key, body) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
        [.text(key), .blob(Array(data))])
    }
  }

  /// Forgets what is kept under a key.
  public func remove(key: String) {
    connection.withLock { _ = try? $0.run("DELETE FROM entries WHERE key = ?", [.text(key)]) }
  }

  public func get<T: Decodable>(_ type: T.Type, key: String) -> T? {
    let bytes: [UInt8]? = connection.withLock {
      guard let row = try? $0.run("SELECT body FROM entries WHERE key = ?", [.text(key)]).first,
        case .blob(let bytes) = row["body"]
      else { return nil }
      return bytes
    }
    return bytes.flatMap { try? JSONDecoder().decode(T.self, from: Data($0)) }
  }

  // MARK: - Outbox

  /// A write waiting for the network.
  public struct PendingWrite: Hashable, Sendable {
    public let seq: Int64
    public let kind: String
    public let idempotencyKey: String
    public let payload: Data

    /// What the write does; nil when it cannot be read (see `unreadable`).
    public var operation: OutboxOperation? { try? OutboxOperation(kind: kind, payload: payload) }

    /// Why the write cannot be read, or nil when it can.
    public var unreadable: String? {
      do {
        return try OutboxOperation(kind: kind, payload: payload) == nil ? "a write of an unknown kind (\(kind))" : nil
      } catch {
        return "a damaged \(kind) write: \(error)"
      }
    }
  }

  /// Keeps a write for later. Throws when it cannot be kept (a full disk, a damaged file), so
  /// the caller can say so instead of losing the write without a word.
  public func enqueue(_ operation: OutboxOperation, idempotencyKey: String) throws {
    let payload = try operation.payload()
    try connection.withLock {
      _ = try $0.run(
        "INSERT OR IGNORE INTO outbox (kind, idempotency_key, payload) VALUES (?, ?, ?)",
        [.text(operation.kind), .text(idempotencyKey), .blob(Array(payload))])
    }
  }

  /// The waiting writes, oldest first.
  public func pendingWrites() -> [PendingWrite] {
    connection.withLock { connection in
      ((try? connection.run("SELECT * FROM outbox ORDER BY seq")) ?? []).compactMap { row in
        guard case .integer(let seq) = row["seq"], case .text(let kind) = row["kind"],
          case .text(let key) = row["idempotency_key"], case .blob(let payload) = row["payload"]
        else { return nil }
        return PendingWrite(seq: seq, kind: kind, idempotencyKey: key, payload: Data(payload))
      }
    }
  }

  public func remove(_ write: PendingWrite) {
    connection.withLock { _ = try? $0.run("DELETE FROM outbox WHERE seq = ?", [.integer(write.seq)]) }
  }
}
