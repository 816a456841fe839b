import AtriumDomain
import AtriumMessages
import AtriumSQL

/// A kind of notification as a section registers it at the notification-kinds extension
/// point (`ServerEnvironment.notificationKinds`, set by `AtriumApp`): its rule, its name in
/// Settings and, for a kind that offers one, its part of the daily digest. Presence and
/// sensors add theirs beside the leave and board kinds.
public struct RegisteredNotificationKind: Sendable {
  public let kind: NotificationKind
  /// What Settings calls it, in the reader's language.
  public let name: @Sendable (Language) -> String
  /// Its part of a person's morning digest, or nil when it has nothing for them; only for a
  /// kind that offers a digest.
  package let digest: (@Sendable (DigestRequest) throws -> DigestSection?)?
  /// For a kind that reaches many people at once (a notice to everyone): the change writes one
  /// outbox row per channel (`fanOutKind`), and that channel's sender expands it into a row
  /// per reader (or device), in batches of its own transactions, instead of the change's
  /// transaction rendering thousands.
  /// - Returns: How many rows it queued.
  package let fanOut: (@Sendable (FanOutRequest) throws -> Int)?
  /// What one push says for several of this kind not yet pushed to a device ("3 requests wait
  /// for your decision"), and the page it opens: the push sender merges them (`PushSender`).
  package let collapsed: @Sendable (_ count: Int, Language) -> (title: String, path: String)

  package init(
    _ kind: NotificationKind, name: @escaping @Sendable (Language) -> String,
    collapsed: @escaping @Sendable (_ count: Int, Language) -> (title: String, path: String),
    digest: (@Sendable (DigestRequest) throws -> DigestSection?)? = nil,
    fanOut: (@Sendable (FanOutRequest) throws -> Int)? = nil
  ) {
    precondition((digest != nil) == kind.offersDigest, "a kind offers a digest exactly when it can make one")
    self.kind = kind
    self.name = name
    self.collapsed = collapsed
    self.digest = digest
    self.fanOut = fanOut
  }

  public var id: String { kind.id }

  /// The outbox kind of the one row a change writes for its fan-out.
  package var fanOutKind: String { kind.id + ".fanout" }
}

/// What a fan-out row names (the notice's id), and what the expansion needs: its channel's
/// settings.
package struct FanOutRequest {
  package enum Channel {
    case mail(MailSettings)
    case push(PushSettings)
  }

  package let subject: String
  package let environment: ServerEnvironment
  package let channel: Channel

  package init(subject: String, environment: ServerEnvironment, channel: Channel) {
    self.subject = subject
    self.environment = environment
    self.channel = channel
  }
}

/// What a kind's digest part is asked for: whose, and what came since their last digest.
package struct DigestRequest {
  package let person: Employee
  /// When the last digest went (ms); the kind decides whether its part lists what came since
  /// (company notices) or what is so now (requests waiting).
  package let since: Int64
  package let language: Language
  package let connection: any DatabaseConnection
  package let environment: ServerEnvironment
}

/// A kind's part of a digest: a heading that counts ("3 requests wait for your decision"),
/// one line per item, and the page that shows them all.
package struct DigestSection: Sendable, Equatable {
  package let heading: String
  package let lines: [String]
  package let path: String

  package init(heading: String, lines: [String], path: String) {
    self.heading = heading
    self.lines = lines
    self.path = path
  }
}
