import AtriumStore

extension ErasureHook {
  /// Mails and pushes to the person go (their address and devices are gone). A mail or push not
  /// yet sent about one of their requests is not sent; the text of the others loses their name,
  /// e-mail and phone. A sent row's content already left it when it was sent.
  public static let outbox = ErasureHook(name: "outbox") { request in
    let person = request.person
    try request.connection.execute(
      """
      UPDATE notification_outbox SET status = 'skipped', payload = '', finished_at = ?, claimed_by = NULL,
        claimed_until = NULL, last_error = 'the person it was about deleted their account'
      WHERE status = 'pending' AND (idempotency_key IN (
          SELECT 'notice:' || n.id FROM notices n JOIN leave_requests r ON r.id = n.request_id WHERE r.employee_id = ?)
        OR (channel = 'push' AND EXISTS (
          SELECT 1 FROM notices n JOIN leave_requests r ON r.id = n.request_id
          WHERE r.employee_id = ? AND notification_outbox.idempotency_key LIKE 'push:' || n.id || ':%')))
      """, .integer(request.now), .text(person.id), .text(person.id))
    try request.store.delete(from: "notification_outbox", where: "recipient_id", is: person.id)
    try request.store.delete(from: "notification_outbox", where: "address", is: person.email)
    try request.store.scrub("notification_outbox", columns: ["payload"], replacements: request.replacements)
    try request.store.delete(from: "notification_digests", where: "employee_id", is: person.id)
  }
}
