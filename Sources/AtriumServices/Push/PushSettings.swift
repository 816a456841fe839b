import AtriumDomain

/// How Atrium pushes: Web Push to browsers (on whenever the server runs), and APNs and FCM when
/// their credentials are set up (`PushSettings.from(environment:)`).
public struct PushSettings: Sendable {
  /// The `sub` of VAPID tokens (RFC 8292): a `mailto:` or `https:` address the push service can
  /// reach the operator at; nil leaves it out.
  public var contact: String?
  /// For tests only (`ATRIUM_PUSH_INSECURE_ENDPOINTS=1`), which run their push service on this
  /// machine: accept `http://127.0.0.1` and `http://[::1]` Web Push endpoints, and push to
  /// endpoints on internal addresses. Otherwise a subscription's endpoint must be https and
  /// resolve to a public address, so that a browser's subscription cannot make the server
  /// post to its own network.
  public var allowsTestEndpoints: Bool
  /// A PEM file of the certificate authorities to trust for Web Push instead of the system's.
  public var caFile: String?
  public var apns: APNsSettings?
  public var fcm: FCMSettings?
  /// Seconds one push may take, connection included.
  public var timeoutSeconds: Int

  public init(
    contact: String? = nil, allowsTestEndpoints: Bool = false, caFile: String? = nil, apns: APNsSettings? = nil,
    fcm: FCMSettings? = nil, timeoutSeconds: Int = 30
  ) {
    self.contact = contact
    self.allowsTestEndpoints = allowsTestEndpoints
    self.caFile = caFile
    self.apns = apns
    self.fcm = fcm
    self.timeoutSeconds = timeoutSeconds
  }

  /// The platforms Atrium pushes to now: a device of another platform gets nothing queued.
  public var platforms: Set<String> {
    var platforms: Set<String> = ["webpush"]
    if apns != nil { platforms.insert("apns") }
    if fcm != nil { platforms.insert("fcm") }
    return platforms
  }
}

/// APNs with token-based authentication: the `.p8` key Apple issued, its id, the team's id,
/// and the app's bundle id (the topic).
public struct APNsSettings: Sendable {
  /// Apple's hosts, by the names `ATRIUM_APNS_URL` also takes.
  public static let hosts = [
    "production": "https://api.push.apple.com", "sandbox": "https://api.sandbox.push.apple.com",
  ]

  /// `https://api.push.apple.com`, the sandbox host, or a test's stand-in.
  public var url: String
  /// The P-256 private key of the `.p8` file (32 bytes).
  public var privateKey: [UInt8]
  public var keyID: String
  public var teamID: String
  /// The app's bundle id (`apns-topic`).
  public var topic: String
  /// A PEM file of the certificate authorities to trust instead of the system's (a stand-in's).
  public var caFile: String?

  public init(url: String, privateKey: [UInt8], keyID: String, teamID: String, topic: String, caFile: String? = nil) {
    self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
    self.privateKey = privateKey
    self.keyID = keyID
    self.teamID = teamID
    self.topic = topic
    self.caFile = caFile
  }
}

/// FCM with a Google service account (its JSON key file): the project, the account's address
/// and RSA key, and where its tokens come from.
public struct FCMSettings: Sendable {
  /// `https://fcm.googleapis.com`, or a test's stand-in.
  public var url: String
  public var projectID: String
  public var clientEmail: String
  /// The account's RSA private key (PEM).
  public var privateKey: String
  public var privateKeyID: String?
  /// The account's `token_uri` (`https://oauth2.googleapis.com/token`).
  public var tokenURL: String
  /// A PEM file of the certificate authorities to trust instead of the system's (a stand-in's).
  public var caFile: String?

  public init(
    url: String = "https://fcm.googleapis.com", projectID: String, clientEmail: String, privateKey: String,
    privateKeyID: String? = nil, tokenURL: String = "https://oauth2.googleapis.com/token", caFile: String? = nil
  ) {
    self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
    self.projectID = projectID
    self.clientEmail = clientEmail
    self.privateKey = privateKey
    self.privateKeyID = privateKeyID
    self.tokenURL = tokenURL
    self.caFile = caFile
  }
}
