import AtriumAPI
import AtriumSQL
import AtriumStore

/// The hourly limits on account mails anyone may ask for (a forgotten password, a sign-up):
/// so many per recipient address and per client address, counted from the outbox's rows.
struct AccountMailLimit {
  /// The outbox kinds counted (`account.password-reset`, `account.sign-up`).
  let kindPrefix: String
  let perRecipientPerHour: Int
  let perOriginPerHour: Int

  /// - Throws: 429 with the seconds until the oldest counted row is an hour old.
  func check(email: String, origin: String, now: Int64, connection: any DatabaseConnection) throws {
    let outbox = OutboxStore(connection)
    let hourAgo = now - 3_600_000
    let byRecipient = try outbox.recent(kindPrefix: kindPrefix, address: email, since: hourAgo)
    let byOrigin = try outbox.recent(kindPrefix: kindPrefix, origin: origin, since: hourAgo)
    let full = [
      byRecipient.count >= perRecipientPerHour ? byRecipient.oldest : nil,
      byOrigin.count >= perOriginPerHour ? byOrigin.oldest : nil,
    ].compactMap { $0 }
    if let oldest = full.max() {
      throw Problem.tooManyAttempts(retryAfter: max(1, Int((oldest + 3_600_000 - now + 999) / 1000)))
    }
  }
}
