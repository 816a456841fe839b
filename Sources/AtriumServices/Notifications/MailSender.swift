import AtriumDomain
import AtriumMail
import AtriumStore

/// The outbox's mail sender (a background job on every instance): claims due mail rows,
/// hands each to the transport, and records what became of it. Several instances share the
/// work: a row is claimed by one of them at a time (`OutboxStore.claimDue`).
///
/// Delivery is at least once: a sender that dies after the server took a mail and before the
/// row says so leaves the row claimed; the mail goes again, with the same Message-ID (which
/// mail clients show once), when the claim lapses or, on SQLite, when the server starts again
/// (`AtriumApp.releaseUnfinishedRequests`).
package struct MailSender: Sendable, OutboxChannelSender {
  package init(environment: ServerEnvironment, mail: MailSettings, holder: String) {
    self.environment = environment
    self.mail = mail
    self.holder = holder
  }

  let environment: ServerEnvironment
  let mail: MailSettings
  /// Who claims rows: the instance's id.
  let holder: String
  /// Rows claimed at once; the claim outlasts sending all of them.
  package static let batch = 10

  package func sendBatch() throws -> OutboxRound {
    let now = environment.now().milliseconds
    // Most rounds find nothing: they only read. A write would commit (an fsync on SQLite) and
    // drop what the instance keeps in memory, every two seconds.
    guard try environment.database.read({ try OutboxStore($0).hasDue(channel: .mail, now: now) }) else {
      return OutboxRound()
    }
    let lease = Int64(Self.batch * mail.attemptSeconds + 60) * 1000
    let rows = try environment.database.write { connection in
      try OutboxStore(connection).claimDue(
        channel: .mail, holder: holder, now: now, leaseUntil: now + lease, limit: Self.batch)
    }
    var round = OutboxRound()
    for row in rows {
      // One row for many readers (a notice to everyone): a mail per reader is queued now.
      if let fanOut = environment.notificationKinds.first(where: { $0.fanOutKind == row.entry.kind })?.fanOut {
        let queued = try fanOut(
          FanOutRequest(subject: row.entry.payload, environment: environment, channel: .mail(mail)))
        try environment.database.write {
          try OutboxStore($0).markSkipped(
            id: row.entry.id, reason: "queued \(queued) mails", at: environment.now().milliseconds)
        }
        round.skipped += 1
        round.expanded += 1
        continue
      }
      // A row written only so that every request does the same work (a reset asked for an
      // address without an account): there is nothing to send.
      if row.entry.payload.isEmpty {
        try environment.database.write {
          try OutboxStore($0).markSkipped(
            id: row.entry.id, reason: "nothing to send (\(row.entry.kind))", at: environment.now().milliseconds)
        }
        round.skipped += 1
        continue
      }
      let outgoing = OutgoingMail(
        sender: mail.from.address, recipient: row.entry.address, message: row.entry.payload,
        messageID: MailComposer.messageID(forKey: row.entry.idempotencyKey, domain: mail.domain))
      let delivery = mail.transport.send(outgoing)
      let finished = environment.now().milliseconds
      let random = Double(environment.random.bytes(1)[0]) / 256
      let outcome = try environment.database.write { connection -> DeliveryRetry.Decision? in
        let store = OutboxStore(connection)
        switch delivery {
        case .delivered:
          try store.markSent(id: row.entry.id, at: finished)
          return nil
        case .permanentFailure(let reason):
          try store.markDead(id: row.entry.id, reason: reason, at: finished)
          return .giveUp
        case .temporaryFailure(let reason):
          let decision = DeliveryRetry.decide(
            failedAttempts: row.attempts + 1, queuedAt: row.entry.createdAt, now: finished, random: random)
          switch decision {
          case .retry(let at): try store.markFailed(id: row.entry.id, reason: reason, nextAttemptAt: at)
          case .giveUp: try store.markDead(id: row.entry.id, reason: reason, at: finished)
          }
          return decision
        }
      }
      switch outcome {
      case nil: round.sent += 1
      case .giveUp: round.dead += 1
      case .retry: round.retried += 1
      }
    }
    return round
  }
}
