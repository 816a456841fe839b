import AtriumHTTPTypes

/// What the server must decide about an endpoint before it runs it. Every endpoint row states
/// each rule: the initializer has no defaults, so a new row that leaves one out does not compile,
/// and no rule is inherited from a `default:` branch nobody chose.
public struct EndpointRules: Hashable, Sendable {
  /// Who may call the endpoint. Checked before anything the request carries is read.
  public enum Access: Hashable, Sendable {
    /// No access token: the service itself, signing in, and the calendar feed (authorized by
    /// the secret in its address, so calendar apps can subscribe).
    case anonymous
    /// Anyone signed in; the section's service decides the rest.
    case signedIn
    /// Administrators only. The phrase completes "Only an administrator may …" in the 403.
    case admin(to: String)
  }

  /// Where the work runs.
  public enum Work: Hashable, Sendable {
    /// On the network thread that read the request.
    case quick
    /// On the worker pool: the work may block (password hashing, an outbound fetch, a
    /// directory bind), and the network threads must keep serving everyone else.
    case mayBlock
  }

  /// Whether the answer is stored for `Idempotency-Key` replays (unsafe methods only).
  public enum Replay: Hashable, Sendable {
    /// A replay with the same key gets the stored answer.
    case storesAnswer
    /// Never stored: the answer carries a password or tokens, which the server never keeps,
    /// or the method is safe and needs no key.
    case neverStored
  }

  /// Whether someone signed in with a temporary password may call it before changing it.
  public enum BeforePasswordChange: Hashable, Sendable {
    case allowed
    case refused
  }

  /// The largest request body the engine reads for the endpoint; a larger one is 413 before
  /// it is read.
  public struct BodyLimit: Hashable, Sendable {
    public let bytes: Int

    public init(bytes: Int) {
      self.bytes = bytes
    }

    /// JSON bodies: 1 MiB.
    public static let standard = BodyLimit(bytes: 1 << 20)
    /// A profile photo, the image itself: 20 MiB, room for a phone's full-size photo (the server
    /// shrinks it anyway; the pixel count is limited apart).
    public static let photo = BodyLimit(bytes: 20 << 20)

    /// The photo limit in whole mebibytes, as people are told it.
    public var megabytes: Int { bytes >> 20 }
    /// A staff list as CSV: 10 MiB holds about 100,000 people.
    public static let staffList = BodyLimit(bytes: 10 << 20)
    /// A batch of task operations: 500 of them, notes of 10,000 characters included.
    public static let taskBatch = BodyLimit(bytes: 8 << 20)
  }

  public let access: Access
  public let work: Work
  public let replay: Replay
  public let beforePasswordChange: BeforePasswordChange
  public let bodyLimit: BodyLimit

  public init(
    access: Access, work: Work, replay: Replay, beforePasswordChange: BeforePasswordChange, bodyLimit: BodyLimit
  ) {
    self.access = access
    self.work = work
    self.replay = replay
    self.beforePasswordChange = beforePasswordChange
    self.bodyLimit = bodyLimit
  }

  /// Whether a caller must send an access token (or the web session cookie).
  public var requiresAuthentication: Bool { access != .anonymous }
}
