/// `GET /api/v1/outbox/status`.
public struct OutboxStatus: Codable, Hashable, Sendable {
  /// How mail is sent.
  public struct Mail: Codable, Hashable, Sendable {
    /// False when no SMTP server is set up (and this is not the demo): nothing is mailed.
    public var on: Bool
    /// Where mail goes ("SMTP smtp://mail.example.com:587"), when on.
    public var transport: String?
    /// The From address, when on.
    public var from: String?

    public init(on: Bool, transport: String?, from: String?) {
      self.on = on
      self.transport = transport
      self.from = from
    }
  }

  public var mail: Mail
  public var pending: Int
  public var sent: Int
  public var dead: Int
  /// Rows the sender had nothing to send for (a reset asked for an address without an account).
  public var skipped: Int

  public init(mail: Mail, pending: Int, sent: Int, dead: Int, skipped: Int) {
    self.mail = mail
    self.pending = pending
    self.sent = sent
    self.dead = dead
    self.skipped = skipped
  }
}

/// One notification in the outbox. Its content is not shown: it may hold a secret (a reset link).
public struct OutboxItem: Codable, Hashable, Sendable {
  public var id: String
  /// `mail` or `push`.
  public var channel: String
  /// The notification kind (`leave.approve`, `approval.waiting`, …).
  public var kind: String
  /// The person it is for, when they have an account.
  public var recipientId: String?
  /// The mail address, or the device, it goes to.
  public var address: String
  /// `pending`, `sent`, `dead` or `skipped`.
  public var status: String
  public var attempts: Int
  /// When a pending one is tried next.
  public var nextAttemptAt: String?
  /// Why the last attempt failed, or why it was given up.
  public var lastError: String?
  public var createdAt: String
  public var finishedAt: String?

  public init(
    id: String, channel: String, kind: String, recipientId: String?, address: String, status: String, attempts: Int,
    nextAttemptAt: String?, lastError: String?, createdAt: String, finishedAt: String?
  ) {
    self.id = id
    self.channel = channel
    self.kind = kind
    self.recipientId = recipientId
    self.address = address
    self.status = status
    self.attempts = attempts
    self.nextAttemptAt = nextAttemptAt
    self.lastError = lastError
    self.createdAt = createdAt
    self.finishedAt = finishedAt
  }
}
