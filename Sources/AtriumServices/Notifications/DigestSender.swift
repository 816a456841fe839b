import AtriumDomain
import AtriumMessages
import AtriumStore
import Foundation

/// Queues the daily digests that are due (`DailyDigest`): one mail at 08:00 in each person's
/// time zone (their location's) gathering the kinds they chose the digest for, each kind's part
/// made by the kind itself (`RegisteredNotificationKind.digest`). Nothing to tell, no mail.
/// The outbox key `digest:<person>:<day>` makes a second run, or another instance, queue nothing.
package struct DigestSender: Sendable {
  package init(environment: ServerEnvironment, mail: MailSettings) {
    self.environment = environment
    self.mail = mail
  }

  package let environment: ServerEnvironment
  package let mail: MailSettings

  /// - Returns: How many digests were queued.
  @discardableResult
  package func queueDue() throws -> Int {
    let now = environment.now()
    var queued = 0
    for reader in try environment.database.read({ try DigestStore($0).readers() }) {
      let zone = LeaveContext.zone(named: reader.timeZone)
      let local = now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))
      let minutes = Int(local.truncatingRemainder(dividingBy: 86_400) / 60)
      let decision = DailyDigest.decide(
        date: LeaveContext.date(of: now, in: zone), minutes: minutes, lastSent: reader.lastSentOn)
      switch decision {
      case .wait: continue
      case .start(let day):
        try environment.database.write {
          try DigestStore($0).record(employeeID: reader.employee.id, day: day, at: now.milliseconds)
        }
      case .send(let day):
        if try send(reader, day: day, at: now.milliseconds) { queued += 1 }
      }
    }
    return queued
  }

  /// Writes one person's digest into the outbox (when there is something to tell) and
  /// remembers the day, in one transaction.
  private func send(_ reader: DigestStore.Reader, day: CalendarDate, at instant: Int64) throws -> Bool {
    let settings = reader.settings
    let language = Language.reader(chosen: settings.languageChosen ? settings.language : nil, acceptLanguage: nil)
    return try environment.database.write { connection in
      let request = DigestRequest(
        person: reader.employee, since: reader.lastSentAt ?? 0, language: language, connection: connection,
        environment: environment)
      let sections = try environment.notificationKinds.compactMap { registered -> DigestSection? in
        guard settings.choice(for: registered.kind).waitsForDigest, let digest = registered.digest else { return nil }
        return try digest(request)
      }
      try DigestStore(connection).record(employeeID: reader.employee.id, day: day, at: instant)
      guard let first = sections.first else { return false }
      return try MailComposer(environment: environment, mail: mail).enqueue(
        .init(
          subject: DigestText.subject(parts: sections.map(\.heading)).text(in: language), lines: [], path: first.path,
          reason: DigestText.reason.text(in: language), unsubscribe: UnsubscribeLinks.digest,
          lists: sections.map { ($0.heading, $0.lines) }),
        kind: "digest", to: reader.employee, language: language,
        idempotencyKey: "digest:\(reader.employee.id):\(day)", connection: connection)
    }
  }
}
