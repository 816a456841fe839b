/// A failure reported by the database engine, classified so callers can react to the kinds
/// that are their business (a duplicate, a missing reference) and report the rest.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
  private enum Kind: Sendable {
    case uniqueViolation, foreignKeyViolation, otherConstraint, busy, conflict, unavailable, unstorableText, other
  }

  private let kind: Kind
  /// The engine's own words, for logs (never shown to API callers).
  public let message: String

  private init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public static func uniqueViolation(_ message: String) -> DatabaseError { .init(.uniqueViolation, message) }
  public static func foreignKeyViolation(_ message: String) -> DatabaseError {
    .init(.foreignKeyViolation, message)
  }
  public static func constraintViolation(_ message: String) -> DatabaseError {
    .init(.otherConstraint, message)
  }
  public static func busy(_ message: String) -> DatabaseError { .init(.busy, message) }
  public static func unavailable(_ message: String) -> DatabaseError { .init(.unavailable, message) }
  public static func conflict(_ message: String) -> DatabaseError { .init(.conflict, message) }
  public static func unstorableText(_ message: String) -> DatabaseError { .init(.unstorableText, message) }
  public static func other(_ message: String) -> DatabaseError { .init(.other, message) }

  /// A row with the same unique key already exists.
  public var isUniqueViolation: Bool { kind == .uniqueViolation }
  /// A reference points at a row that does not exist (or a referenced row is still in use).
  public var isForeignKeyViolation: Bool { kind == .foreignKeyViolation }
  /// Any constraint failed: unique, foreign key, check or not null.
  public var isConstraintViolation: Bool {
    kind == .uniqueViolation || kind == .foreignKeyViolation || kind == .otherConstraint
  }
  /// Other writers held or kept changing what this one needed, for longer than the engine
  /// waits and retries: worth trying again shortly.
  public var isBusy: Bool { kind == .busy }
  /// The transaction conflicted with a concurrent one (or deadlocked with it) and can only
  /// succeed by running again from its start, which the database's `write` does by itself.
  public var isConflict: Bool { kind == .conflict }
  /// A value holds text the engine cannot store (PostgreSQL's text has no NUL character):
  /// the caller's input, refused before anything was written.
  public var isUnstorableText: Bool { kind == .unstorableText }
  /// The database server cannot be reached (or went away before the work was done): worth
  /// trying again once it is back.
  public var isUnavailable: Bool { kind == .unavailable }

  public var description: String { "database error: \(message)" }
}
