import AtriumMessages
import Foundation

/// What a push says, as the change that causes it words it in the recipient's language: the
/// outbox row's payload. Never a secret: account mails (resets, invitations) are not pushed.
struct PushContent: Codable, Sendable, Equatable {
  /// The notification kind's id.
  var kind: String
  var title: String
  var body: String
  /// A path of the web app (`/approvals/<id>`) the notification opens.
  var path: String
  var language: String

  init(kind: String, title: String, body: String, path: String, language: Language) {
    self.kind = kind
    self.title = title
    self.body = body
    self.path = path
    self.language = language.rawValue
  }

  func encoded() -> String {
    (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  static func decoded(_ payload: String) -> PushContent? {
    try? JSONDecoder().decode(PushContent.self, from: Data(payload.utf8))
  }
}
