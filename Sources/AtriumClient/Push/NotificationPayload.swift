import Foundation

/// What a push from Atrium says, read from what the system hands the app (APNs's `userInfo`,
/// FCM's `data`, a Web Push message's JSON), and where the app should go when it is opened.
public struct NotificationPayload: Sendable, Equatable {
  /// The notification kind (`leaveDecisions`, `approvalsWaiting`, `companyNotices`, …).
  public let kind: String
  public let title: String
  public let body: String
  /// The web app's path the notification is about (`/approvals/<id>`).
  public let path: String
  /// How many notifications it stands for (several of one kind are merged into one).
  public let count: Int
  /// The icon's number APNs set, when it set one.
  public let badge: Int?

  /// Where the app goes when the notification is opened.
  public var route: NotificationRoute { NotificationRoute(path: path) }

  /// APNs's `userInfo`: `aps.alert` and Atrium's own `atrium` keys. Nil for a push that is
  /// not Atrium's.
  public init?(apns userInfo: [AnyHashable: Any]) {
    guard let atrium = userInfo["atrium"] as? [String: Any], let kind = atrium["kind"] as? String,
      let path = atrium["path"] as? String
    else { return nil }
    let aps = userInfo["aps"] as? [String: Any]
    let alert = aps?["alert"] as? [String: Any]
    self.init(
      kind: kind, title: alert?["title"] as? String ?? "", body: alert?["body"] as? String ?? "", path: path,
      count: Self.number(atrium["count"]) ?? 1, badge: Self.number(aps?["badge"]))
  }

  /// FCM's `data` (strings only), with the notification's title and body as the system gave them.
  public init?(fcm data: [String: String], title: String = "", body: String = "") {
    guard let kind = data["kind"], let path = data["path"] else { return nil }
    self.init(
      kind: kind, title: title, body: body, path: path, count: data["count"].flatMap { Int($0) } ?? 1, badge: nil)
  }

  /// A Web Push message as Atrium's service worker receives it.
  public init?(webPush json: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let kind = object["kind"] as? String, let path = object["path"] as? String
    else { return nil }
    self.init(
      kind: kind, title: object["title"] as? String ?? "", body: object["body"] as? String ?? "", path: path,
      count: Self.number(object["count"]) ?? 1, badge: Self.number(object["badge"]))
  }

  public init(kind: String, title: String, body: String, path: String, count: Int, badge: Int?) {
    self.kind = kind
    self.title = title
    self.body = body
    self.path = path
    self.count = count
    self.badge = badge
  }

  private static func number(_ value: Any?) -> Int? {
    (value as? Int) ?? (value as? NSNumber)?.intValue ?? (value as? String).flatMap { Int($0) }
  }
}

/// The screen a notification opens, typed so an app can switch over it.
public enum NotificationRoute: Sendable, Equatable {
  /// One of the person's own requests.
  case leaveRequest(id: String)
  /// A request waiting for the person's decision.
  case approval(id: String)
  case approvals
  case timeOff
  case board
  /// Anything else (a kind a newer server sends): the home screen.
  case home

  public init(path: String) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    switch parts.count {
    case 1 where parts[0] == "approvals": self = .approvals
    case 1 where parts[0] == "time-off": self = .timeOff
    case 1 where parts[0] == "board": self = .board
    case 2 where parts[0] == "approvals": self = .approval(id: parts[1])
    case 3 where parts[0] == "time-off" && parts[1] == "requests": self = .leaveRequest(id: parts[2])
    default: self = .home
    }
  }
}
