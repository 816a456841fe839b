/// What a sender's round did to the outbox rows it claimed: the mail and push senders' common
/// account, and their common loop.
package struct OutboxRound: Sendable, Equatable {
  package var sent = 0
  package var retried = 0
  package var dead = 0
  /// Finished without sending: nothing to send, or a fan-out row expanded.
  package var skipped = 0
  /// Fan-out rows expanded (counted in `skipped` too): the rows they queued are due at once.
  package var expanded = 0
  /// Push rows merged into another row's push (counted in `sent`, `retried` or `dead` too).
  package var merged = 0
  /// Push devices removed because their service said they are gone.
  package var devicesRemoved = 0

  package var claimed: Int { sent + retried + dead + skipped }

  package static func += (total: inout OutboxRound, round: OutboxRound) {
    total.sent += round.sent
    total.retried += round.retried
    total.dead += round.dead
    total.skipped += round.skipped
    total.expanded += round.expanded
    total.merged += round.merged
    total.devicesRemoved += round.devicesRemoved
  }

  /// Runs `batch` until a round claims less than a full batch (nothing more is due) or finishes
  /// none of its rows (they all wait for a retry); a round that expanded a fan-out always goes
  /// on, since what it queued is due at once.
  static func drain(batchSize: Int, _ batch: () throws -> OutboxRound) rethrows -> OutboxRound {
    var total = OutboxRound()
    while true {
      let round = try batch()
      total += round
      if round.expanded == 0, round.claimed < batchSize || round.sent + round.skipped + round.dead == 0 {
        return total
      }
    }
  }
}

/// A sender of one outbox channel (mail, push): claims and sends a batch of due rows at a time.
package protocol OutboxChannelSender {
  /// Rows claimed at once; the claim outlasts sending all of them.
  static var batch: Int { get }
  /// Claims and sends one batch.
  func sendBatch() throws -> OutboxRound
}

extension OutboxChannelSender {
  /// Sends what is due, a batch at a time, until nothing is due or a round finished nothing.
  @discardableResult
  package func sendDue() throws -> OutboxRound {
    try OutboxRound.drain(batchSize: Self.batch, sendBatch)
  }
}
