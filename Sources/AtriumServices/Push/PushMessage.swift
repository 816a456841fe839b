import AtriumCrypto
import AtriumDomain
import AtriumMessages
import Foundation

/// One push as it leaves for a device: one row's content, or several of one kind merged, and
/// the person's badge.
struct PushMessage: Sendable, Equatable {
  var kind: String
  var title: String
  var body: String
  /// A path of the web app the notification opens.
  var path: String
  var language: String
  /// How many notifications it stands for.
  var count: Int
  /// Unread notices since the person's last badge reset: the app icon's number.
  var badge: Int

  /// The rows' contents merged: the one content as it is, or the kind's words for several
  /// ("3 requests wait for your decision") with its page.
  init(_ contents: [PushContent], kind: RegisteredNotificationKind?, badge: Int) {
    let last = contents.last ?? PushContent(kind: "", title: "", body: "", path: "/", language: .en)
    self.kind = last.kind
    language = last.language
    count = contents.count
    self.badge = badge
    if contents.count > 1, let kind {
      let summary = kind.collapsed(contents.count, Language(rawValue: last.language) ?? .en)
      title = summary.title
      body = last.title
      path = summary.path
    } else {
      title = last.title
      body = last.body
      path = last.path
    }
  }

  /// What a browser's service worker receives (`sw.js` reads these keys), made to fit one Web
  /// Push record.
  func webPushPayload() -> [UInt8] {
    fitted(within: WebPushEncryption.maximumPlaintext) { message in
      let object: [String: Any] = [
        "kind": message.kind, "title": message.title, "body": message.body, "path": message.path,
        "lang": message.language, "count": message.count, "badge": message.badge,
      ]
      return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }
  }

  /// `encode`'s bytes, with the body shortened (and ending in "…") until they are at most
  /// `limit`: every push service has a ceiling (4,096 bytes), and a notice may be longer.
  func fitted(within limit: Int, _ encode: (PushMessage) -> [UInt8]) -> [UInt8] {
    var message = self
    while true {
      let bytes = encode(message)
      if bytes.count <= limit || message.body.isEmpty { return bytes }
      let kept = message.body.count * 3 / 4
      message.body = kept < 4 ? "" : String(message.body.prefix(kept)) + "…"
    }
  }
}
