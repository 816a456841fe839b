import AtriumDomain

extension ErasureHook {
  /// The audit log, the stored answers to replayed requests and the live events stay, for the
  /// company's records and the clients' streams, without the person's name, e-mail and phone;
  /// the entries they made are signed by the former employee.
  public static let records = ErasureHook(name: "records") { request in
    let former = AccountErasure.formerName(id: request.person.id)
    try request.connection.execute(
      "UPDATE audit_log SET actor_name = ? WHERE actor_id = ?", .text("\(former.first) \(former.last)"),
      .text(request.person.id))
    try request.store.scrub("audit_log", columns: ["before", "after"], replacements: request.replacements)
    // Their own stored answers go (they can never replay them); others' lose their name.
    try request.store.delete(from: "idempotency_keys", where: "scope", is: request.person.id)
    try request.store.scrub("idempotency_keys", columns: ["headers"], replacements: request.replacements)
    try request.store.scrub("idempotency_keys", columns: ["body"], replacements: request.replacements, bytes: true)
    try request.store.scrub("live_events", columns: ["data"], replacements: request.replacements)
    try request.store.delete(from: "login_failures", where: "username", is: request.person.username)
  }
}
