import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore

/// Company notices by mail and by push, to whoever takes them at once on that channel (their
/// choice for company notices). Posting writes one outbox row per channel in the notice's
/// transaction; the channel's sender expands it into a mail (or a push per device) per reader,
/// 200 readers to a transaction, so a notice to 50,000 people commits at once and reaches them
/// over the next minutes. Each reader's row has its own key (`notice:<id>:<person>`), so an
/// expansion cut off and run again queues nobody twice.
enum CompanyNoticeFanOut {
  static let batch = 200

  /// The rows, in the notice's transaction: one for mail when mail is on, one for push when
  /// push is.
  static func queue(
    _ notice: BoardStore.CompanyNotice, environment: ServerEnvironment, _ connection: any DatabaseConnection
  ) throws {
    let channels: [(OutboxStore.Channel, String)] =
      (environment.mail == nil ? [] : [(.mail, "fanout:notice:")])
      + (environment.push == nil ? [] : [(.push, "fanout-push:notice:")])
    for (channel, key) in channels {
      try OutboxStore(connection).enqueue(
        .init(
          id: environment.makeID(), channel: channel, kind: RegisteredNotificationKind.companyNotices.fanOutKind,
          recipientID: nil, address: "", idempotencyKey: key + notice.id, payload: notice.id,
          createdAt: notice.createdAt))
    }
  }

  /// A mail, or a push to each device, per reader who takes company notices at once on the
  /// request's channel, in their language; nothing for a notice withdrawn or expired since, nor
  /// to its author.
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
        var written = 0
        for reader in slice where reader.id != notice.authorID {
          let chosen = try settings.settings(employeeID: reader.id)
          let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
          let key = "notice:\(notice.id):\(reader.id)"
          switch request.channel {
          case .mail(let mail):
            guard chosen.choice(for: .companyNotices).sendsAtOnce(on: .mail) else { continue }
            let wrote = try MailComposer(environment: environment, mail: mail).enqueue(
              .init(
                subject: notice.title, lines: [notice.body], path: "/board",
                unsubscribe: NotificationKind.companyNotices.id),
              kind: NotificationKind.companyNotices.id, to: reader, language: language, idempotencyKey: key,
              connection: connection)
            if wrote { written += 1 }
          case .push(let push):
            guard reader.isActive, chosen.choice(for: .companyNotices).sendsAtOnce(on: .push) else { continue }
            written += try PushComposer(environment: environment, push: push).enqueue(
              PushContent(
                kind: NotificationKind.companyNotices.id, title: notice.title, body: notice.body, path: "/board",
                language: language),
              to: reader.id, idempotencyKey: "push:" + key, connection: connection)
          }
        }
        return written
      }
    }
    return queued
  }
}
