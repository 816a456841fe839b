import AtriumDomain
import AtriumStore

/// The outbox's push sender (a background job on every instance): claims due push rows, merges
/// each device's unsent rows of one kind into one message ("3 requests wait for your decision",
/// not three pushes), sends it over the device's platform, and records what became of the rows.
/// Several instances share the work as the mail senders do (`OutboxStore.claimDue`).
///
/// Delivery is at least once: a sender that dies after the service took a push and before the
/// rows say so leaves them claimed, and the push goes again when the claim lapses (or, on
/// SQLite, when the server starts again); Web Push's `Topic` and APNs' collapse id make the
/// device show it once.
package struct PushSender: Sendable, OutboxChannelSender {
  let environment: ServerEnvironment
  let push: PushSettings
  /// Who claims rows: the instance's id.
  let holder: String
  let deliveries: [String: any PushDelivery]
  /// Due rows claimed at once (each with its device's other rows of its kind); the claim outlasts
  /// sending all of them.
  package static let batch = 10

  /// Loads (or makes) the installation's VAPID key.
  package init(environment: ServerEnvironment, push: PushSettings, holder: String) throws {
    self.environment = environment
    self.push = push
    self.holder = holder
    let vapid = VapidSigner(
      key: try VapidKeys.loadOrCreate(in: environment.database), contact: push.contact, now: environment.now)
    var deliveries: [String: any PushDelivery] = ["webpush": WebPushDelivery(settings: push, vapid: vapid)]
    if let apns = push.apns {
      deliveries["apns"] = APNsDelivery(settings: apns, timeoutSeconds: push.timeoutSeconds, now: environment.now)
    }
    if let fcm = push.fcm {
      deliveries["fcm"] = FCMDelivery(settings: fcm, timeoutSeconds: push.timeoutSeconds, now: environment.now)
    }
    self.deliveries = deliveries
  }

  package func sendBatch() throws -> OutboxRound {
    let now = environment.now().milliseconds
    // Most rounds find nothing: they only read (a write would commit every two seconds).
    guard try environment.database.read({ try OutboxStore($0).hasDue(channel: .push, now: now) }) else {
      return OutboxRound()
    }
    let leaseUntil = now + Int64(Self.batch * (push.timeoutSeconds * 2 + 5) + 60) * 1000
    let groups = try environment.database.write { connection -> [[OutboxStore.Row]] in
      let store = OutboxStore(connection)
      let due = try store.claimDue(channel: .push, holder: holder, now: now, leaseUntil: leaseUntil, limit: Self.batch)
      var groups: [[OutboxStore.Row]] = []
      var seen: Set<[String]> = []
      for row in due where seen.insert([row.entry.address, row.entry.kind]).inserted {
        let mates = due.filter { $0.entry.address == row.entry.address && $0.entry.kind == row.entry.kind }
        let others = try store.claimPending(
          channel: .push, address: row.entry.address, kind: row.entry.kind, holder: holder, now: now,
          leaseUntil: leaseUntil)
        groups.append((mates + others).sorted { ($0.entry.createdAt, $0.entry.id) < ($1.entry.createdAt, $1.entry.id) })
      }
      return groups
    }
    var round = OutboxRound()
    for group in groups {
      if let fanOut = environment.notificationKinds.first(where: { $0.fanOutKind == group[0].entry.kind })?.fanOut {
        for row in group {
          let queued = try fanOut(
            FanOutRequest(subject: row.entry.payload, environment: environment, channel: .push(push)))
          try environment.database.write {
            try OutboxStore($0).markSkipped(
              id: row.entry.id, reason: "queued \(queued) pushes", at: environment.now().milliseconds)
          }
          round.skipped += 1
          round.expanded += 1
        }
        continue
      }
      try send(group, round: &round)
    }
    return round
  }

  /// One push for a device's rows of one kind, and each row's fate.
  private func send(_ rows: [OutboxStore.Row], round: inout OutboxRound) throws {
    let address = rows[0].entry.address
    let (device, badge) = try environment.database.read { connection -> (SettingsStore.Device?, Int) in
      guard let device = try SettingsStore(connection).device(id: address) else { return (nil, 0) }
      let badge = try BoardBadge.sinceReset(
        employeeID: device.employeeID, now: environment.now().milliseconds, connection: connection)
      return (device, badge)
    }
    let response: PushResponse
    if let device, device.employeeID == rows[0].entry.recipientID, let delivery = deliveries[device.platform] {
      let contents = rows.compactMap { PushContent.decoded($0.entry.payload) }
      let kind = environment.notificationKinds.first { $0.id == rows[0].entry.kind }
      response = delivery.deliver(PushMessage(contents, kind: kind, badge: badge), to: device)
    } else {
      // Removed, passed to someone else (a device belongs to whoever registered it last), or
      // of a platform no longer set up: these rows go nowhere.
      response = .giveUp("the device is no longer this person's, or its platform is not set up")
    }
    let finished = environment.now().milliseconds
    // The account is made from what was written, after the transaction (which may run twice).
    var done = try environment.database.write { connection -> OutboxRound in
      let store = OutboxStore(connection)
      var done = OutboxRound()
      switch response {
      case .delivered:
        for row in rows { try store.markSent(id: row.entry.id, at: finished) }
        done.sent = rows.count
      case .deviceGone(let reason):
        try SettingsStore(connection).deleteDevice(id: address)
        for row in rows { try store.markDead(id: row.entry.id, reason: reason, at: finished) }
        done.dead = rows.count
        done.devicesRemoved = 1
      case .giveUp(let reason):
        for row in rows { try store.markDead(id: row.entry.id, reason: reason, at: finished) }
        done.dead = rows.count
      case .retry(let reason, let afterSeconds):
        done = try retry(rows, reason: reason, afterSeconds: afterSeconds, at: finished, store: store)
      case .renewCredentials(let reason):
        // The delivery made new credentials and tried once more already: later, then.
        done = try retry(rows, reason: reason, afterSeconds: nil, at: finished, store: store)
      }
      return done
    }
    done.merged = rows.count - 1
    round += done
  }

  /// Each row due again after its backoff (`DeliveryRetry`), or after the service's
  /// `Retry-After` when that is later; given up after a day.
  private func retry(
    _ rows: [OutboxStore.Row], reason: String, afterSeconds: Int?, at finished: Int64, store: OutboxStore
  ) throws -> OutboxRound {
    let random = Double(environment.random.bytes(1)[0]) / 256
    let asked = afterSeconds.map { finished + Int64($0) * 1000 } ?? finished
    var done = OutboxRound()
    for row in rows {
      switch DeliveryRetry.decide(
        failedAttempts: row.attempts + 1, queuedAt: row.entry.createdAt, now: finished, random: random)
      {
      case .retry(let at):
        try store.markFailed(id: row.entry.id, reason: reason, nextAttemptAt: max(at, asked))
        done.retried += 1
      case .giveUp:
        try store.markDead(id: row.entry.id, reason: reason, at: finished)
        done.dead += 1
      }
    }
    return done
  }
}
