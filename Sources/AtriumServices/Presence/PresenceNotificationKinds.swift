import AtriumDomain
import AtriumMessages

extension RegisteredNotificationKind {
  /// A mate checked in where the reader may see them (`PresenceAnnouncements`); off until the
  /// person turns it on, on any channel.
  public static let mateCheckIns = RegisteredNotificationKind(
    .mateCheckIns, name: { PresenceText.mateCheckIns.text(in: $0) },
    collapsed: { (PresenceText.matesCheckedIn($0).text(in: $1), "/where") })
}
