import AtriumAPI
import AtriumDomain
import AtriumStore

/// What admins see of the outbox: whether mail is on and through what, and every notification
/// with its status, attempts and last error (never its content, which may hold a secret).
package struct OutboxService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  let environment: ServerEnvironment

  package func status(principal: Principal) throws -> OutboxStatus {
    try requireAdmin(principal, to: "see how notifications are sent")
    let counts = try environment.database.read { try OutboxStore($0).counts() }
    let mail = environment.mail
    return OutboxStatus(
      mail: .init(
        on: mail != nil, transport: mail?.summary,
        from: mail.map { String(describing: $0.from) }),
      pending: counts["pending"] ?? 0, sent: counts["sent"] ?? 0, dead: counts["dead"] ?? 0,
      skipped: counts["skipped"] ?? 0)
  }

  package func list(filter: OutboxFilter, page: PageRequest, principal: Principal) throws -> Page<OutboxItem> {
    try requireAdmin(principal, to: "see the notifications sent")
    let result = try environment.database.read {
      try OutboxStore($0).page(
        status: filter == .all ? nil : filter.rawValue, limit: page.limit, after: page.cursor)
    }
    return Page(
      items: result.rows.map { row in
        OutboxItem(
          id: row.entry.id, channel: row.entry.channel.rawValue, kind: row.entry.kind,
          recipientId: row.entry.recipientID, address: row.entry.address, status: row.status, attempts: row.attempts,
          nextAttemptAt: row.status == "pending" ? Instant.text(row.nextAttemptAt) : nil, lastError: row.lastError,
          createdAt: Instant.text(row.entry.createdAt), finishedAt: row.finishedAt.map(Instant.text))
      }, nextCursor: result.nextCursor)
  }
}
