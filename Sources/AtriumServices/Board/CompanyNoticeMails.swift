import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore

/// Company notices by mail, to whoever takes them at once (their choice for company notices).
/// Posting writes one outbox row in the notice's transaction; the sender expands it into a
/// mail per reader, 200 to a transaction, so a notice to 50,000 people commits at once and
/// mails them over the next minutes. Each reader's mail has its own key (`notice:<id>:<person>`),
/// so an expansion cut off and run again queues nobody twice.
enum CompanyNoticeMails {
  static let batch = 200

  /// The one row, in the notice's transaction.
  static func queue(
    _ notice: BoardStore.CompanyNotice, environment: ServerEnvironment, _ connection: any DatabaseConnection
  ) throws {
    try OutboxStore(connection).enqueue(
      .init(
        id: environment.makeID(), channel: .mail, kind: RegisteredNotificationKind.companyNotices.fanOutKind,
        recipientID: nil, address: "", idempotencyKey: "fanout:notice:\(notice.id)", payload: notice.id,
        createdAt: notice.createdAt))
  }

  /// A mail per reader who takes company notices by mail at once, in their language; nothing
  /// for a notice withdrawn or expired since, nor to its author.
  static func fanOut(_ request: FanOutRequest) throws -> Int {
    let environment = request.environment
    let now = environment.now().milliseconds
    guard let notice = try environment.database.read({ try BoardStore($0).companyNotice(id: request.subject) }),
      notice.expiresAt.map({ $0 > now }) ?? true
    else { return 0 }
    let readers = try environment.database.read { try PeopleStore($0).audience(notice.audience, id: notice.audienceID) }
    var queued = 0
    var start = 0
    while start < readers.count {
      let slice = readers[start..<min(start + batch, readers.count)]
      start += batch
      queued += try environment.database.write { connection in
        let settings = SettingsStore(connection)
        let composer = MailComposer(environment: environment, mail: request.mail)
        var written = 0
        for reader in slice where reader.id != notice.authorID {
          let chosen = try settings.settings(employeeID: reader.id)
          guard chosen.choice(for: .companyNotices).sendsAtOnce(on: .mail) else { continue }
          let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
          let wrote = try composer.enqueue(
            .init(
              subject: notice.title, lines: [notice.body], path: "/board",
              unsubscribe: NotificationKind.companyNotices.id),
            kind: NotificationKind.companyNotices.id, to: reader, language: language,
            idempotencyKey: "notice:\(notice.id):\(reader.id)", connection: connection)
          if wrote { written += 1 }
        }
        return written
      }
    }
    return queued
  }
}
