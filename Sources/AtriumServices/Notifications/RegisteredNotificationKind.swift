import AtriumDomain
import AtriumMessages

/// A kind of notification as a section registers it at the notification-kinds extension
/// point (`ServerEnvironment.notificationKinds`, set by `AtriumApp`): its rule and its name in
/// Settings. Presence and sensors add theirs beside the leave and board kinds.
public struct RegisteredNotificationKind: Sendable {
  public let kind: NotificationKind
  /// What Settings calls it, in the reader's language.
  public let name: @Sendable (Language) -> String

  public init(_ kind: NotificationKind, name: @escaping @Sendable (Language) -> String) {
    self.kind = kind
    self.name = name
  }

  public var id: String { kind.id }
}

extension RegisteredNotificationKind {
  /// A decision on one's own request (approved, rejected, back to pending, cancelled by a manager).
  public static let leaveDecisions = RegisteredNotificationKind(.leaveDecisions) {
    PageText.leaveDecisions.text(in: $0)
  }
  /// A request waiting for one's decision.
  public static let approvalsWaiting = RegisteredNotificationKind(.approvalsWaiting) {
    PageText.approvalsWaiting.text(in: $0)
  }
  /// A notice an admin posted to the company, a department or a location.
  public static let companyNotices = RegisteredNotificationKind(.companyNotices) {
    PageText.companyNotices.text(in: $0)
  }
}
