import AtriumCrypto
import AtriumLog
import AtriumSQL
import AtriumStore
import Foundation

/// Everything the server depends on, passed in from the composition root (the `atrium`
/// command or a test), so nothing deep in the code reads the process environment or a clock.
public struct ServerEnvironment: Sendable {
  public var database: any Database
  /// The current instant; tests pass a clock they control.
  public var now: @Sendable () -> Date
  /// New ids (lowercase UUIDs, time-ordered: `TimeOrderedID`).
  public var makeID: @Sendable () -> String
  /// The key that signs access tokens (`SigningKey.loadOrCreate`).
  public var signingKey: [UInt8]
  public var passwordHasher: PasswordHasher
  public var loginLimits: LoginRateLimiter.Limits
  public var accessTokenLifetime: TimeInterval
  /// A refresh token stays valid this long after it was issued (that is, since its session
  /// was last used).
  public var refreshTokenLifetime: TimeInterval
  /// How long a response is kept for `Idempotency-Key` replays.
  public var idempotencyLifetime: TimeInterval
  /// Where errors are logged (the access log is the HTTP server's).
  public var log: LogSink
  /// Take the client's address from the last `X-Forwarded-For` entry, as set by a reverse
  /// proxy in front of Atrium. Off by default: without a proxy, anyone could forge it.
  public var trustsForwardedFor: Bool
  /// The address people reach Atrium at (e.g. `https://atrium.example.com`), for links that
  /// leave the app such as calendar feeds; nil to use the request's `Host`.
  public var publicURL: String?
  /// How often an idle event stream sends a comment line, which keeps proxies from closing it
  /// and finds clients that left.
  public var eventHeartbeatInterval: Duration = .seconds(15)
  /// How often each timeline feed is fetched, in seconds.
  public var feedInterval: TimeInterval = 15 * 60
  /// How long one feed fetch may take, in seconds.
  public var feedTimeout: TimeInterval = 20
  /// The company directory people sign in with and are synced from; nil for local accounts only.
  public var directory: DirectoryConfiguration?
  /// Where uploaded files (profile photos) go: `DIR/files`; nil refuses uploads.
  public var filesDirectory: String?
  /// Unpredictable bytes for the secrets the server hands out.
  public var random: RandomSource = .system
  /// How the company directory is reached (`directory` says where).
  public var directoryClient: DirectoryClient = .ldap
  /// What this instance keeps of the reads nearly every request repeats; nil reads them every
  /// time (commands other than `serve`). Set by `withInstanceMemory()`.
  package var memory: InstanceMemory?
  /// The kinds of notification people choose how to get, in the order Settings shows them:
  /// the notification-kinds extension point, filled by the composition root (`AtriumApp`).
  public var notificationKinds: [RegisteredNotificationKind] = []
  /// What each section takes away when an account is erased: the erasure-hooks extension
  /// point, filled by the composition root (`AtriumApp`).
  public var erasureHooks: [ErasureHook] = []
  /// How mail is sent; nil when mail is off (no SMTP server set up, and not the demo).
  public var mail: MailSettings?
  /// How notifications are pushed to devices; nil when nothing is pushed (commands other than
  /// `serve`, and tests that do not push).
  public var push: PushSettings?
  /// The sensors' MQTT broker; nil when it is not configured (the Sensors section says so).
  public var sensors: SensorSettings?
  /// How timeline feeds are fetched; nil fetches over HTTP within `feedTimeout`.
  public var feedClient: FeedClient?
  /// Which addresses feeds may be fetched from over HTTP (no private or local ones, unless allowed).
  public var feedAddressPolicy = FeedAddressPolicy()

  public init(
    database: any Database, now: @escaping @Sendable () -> Date = { Date() },
    makeID: @escaping @Sendable () -> String = { TimeOrderedID.next() },
    signingKey: [UInt8], passwordHasher: PasswordHasher = PasswordHasher(),
    loginLimits: LoginRateLimiter.Limits = .init(), accessTokenLifetime: TimeInterval = 15 * 60,
    refreshTokenLifetime: TimeInterval = 30 * 24 * 3600, idempotencyLifetime: TimeInterval = 24 * 3600,
    log: LogSink = .standardError, trustsForwardedFor: Bool = false, publicURL: String? = nil
  ) {
    self.database = database
    self.now = now
    self.makeID = makeID
    self.signingKey = signingKey
    self.passwordHasher = passwordHasher
    self.loginLimits = loginLimits
    self.accessTokenLifetime = accessTokenLifetime
    self.refreshTokenLifetime = refreshTokenLifetime
    self.idempotencyLifetime = idempotencyLifetime
    self.log = log
    self.trustsForwardedFor = trustsForwardedFor
    self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
  }
}

extension Date {
  /// Milliseconds since 1970, the unit instants are stored in.
  package var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension ServerEnvironment {
  /// A new secret of `count` random bytes, as URL-safe Base64 (tokens, addresses).
  package func secret(bytes count: Int) -> String {
    Base64URL.encode(random.bytes(count))
  }

  /// How timeline feeds are fetched: the one set up, or over HTTP within `feedTimeout`.
  package var feeds: FeedClient { feedClient ?? .http(timeout: feedTimeout, policy: feedAddressPolicy) }
}
