/// A kind of notification people choose how to get: a decision on their request, requests
/// waiting for them, company notices; presence and sensors register theirs at the
/// notification-kinds extension point (`AtriumApp`).
public struct NotificationKind: Sendable, Hashable {
  /// The key in settings (`notifications.<id>`) and in the outbox rows.
  public let id: String
  /// Whether the person may take it as one morning mail instead of a mail each time: for
  /// what can wait a few hours (requests waiting, company notices), not for news about
  /// one's own request.
  public let offersDigest: Bool
  /// What a person gets before choosing anything: every channel, except for a kind people
  /// would find intrusive unasked (a mate checking in).
  public let defaultChoice: NotificationChoice

  public init(id: String, offersDigest: Bool, defaultChoice: NotificationChoice = .everything) {
    self.id = id
    self.offersDigest = offersDigest
    self.defaultChoice = defaultChoice
  }

  public static let leaveDecisions = NotificationKind(id: "leaveDecisions", offersDigest: false)
  public static let approvalsWaiting = NotificationKind(id: "approvalsWaiting", offersDigest: true)
  public static let companyNotices = NotificationKind(id: "companyNotices", offersDigest: true)
  /// A manager or an admin gave me a task.
  public static let taskAssigned = NotificationKind(id: "taskAssigned", offersDigest: false)
  /// One of my mates checked in where I may see them: off until the person turns it on.
  public static let mateCheckIns = NotificationKind(id: "mateCheckIns", offersDigest: false, defaultChoice: .nothing)
  /// A sensor alert rule I follow fired: on every channel until the person chooses.
  public static let sensorAlerts = NotificationKind(id: "sensorAlerts", offersDigest: false)
}

/// Where a notification can reach a person.
public enum NotificationChannel: String, Sendable, CaseIterable, Hashable {
  case board, mail, push
}

/// How a person wants one kind of notification: on which channels, and whether its mails
/// wait for the morning digest. Everything is on until they change it.
public struct NotificationChoice: Sendable, Hashable {
  public var board: Bool
  public var mail: Bool
  public var push: Bool
  /// With `mail`: one mail at 08:00 in the person's time zone gathers what came since the
  /// last one, instead of a mail each time.
  public var digest: Bool

  public init(board: Bool = true, mail: Bool = true, push: Bool = true, digest: Bool = false) {
    self.board = board
    self.mail = mail
    self.push = push
    self.digest = digest
  }

  /// What a person gets before choosing anything, for most kinds.
  public static let everything = NotificationChoice()
  /// Every channel off.
  public static let nothing = NotificationChoice(board: false, mail: false, push: false)

  /// Whether a notification goes out on `channel` when it happens (a digest's mail waits).
  public func sendsAtOnce(on channel: NotificationChannel) -> Bool {
    switch channel {
    case .board: board
    case .mail: mail && !digest
    case .push: push
    }
  }

  /// Whether this kind's mails wait for the morning digest.
  public var waitsForDigest: Bool { mail && digest }
}

/// A change to one kind's choice: any of its fields. A bare `true` or `false` (how settings
/// were sent before there were channels) turns every channel on or off.
public struct NotificationChoiceChange: Sendable, Hashable {
  public var board: Bool?
  public var mail: Bool?
  public var push: Bool?
  public var digest: Bool?

  public init(board: Bool? = nil, mail: Bool? = nil, push: Bool? = nil, digest: Bool? = nil) {
    self.board = board
    self.mail = mail
    self.push = push
    self.digest = digest
  }

  /// Every channel on or off; the digest choice stays as it was.
  public init(everyChannel isOn: Bool) {
    self.init(board: isOn, mail: isOn, push: isOn)
  }

  /// The rule this change breaks for `kind`, if any: a digest for a kind that offers none.
  public func brokenRule(for kind: NotificationKind) -> FieldRule? {
    digest == true && !kind.offersDigest ? .noDigestForKind : nil
  }

  /// The choice after this change; a kind without a digest never gets one.
  public func applied(to choice: NotificationChoice, kind: NotificationKind) -> NotificationChoice {
    var next = choice
    if let board { next.board = board }
    if let mail { next.mail = mail }
    if let push { next.push = push }
    if let digest, kind.offersDigest { next.digest = digest }
    return next
  }
}
