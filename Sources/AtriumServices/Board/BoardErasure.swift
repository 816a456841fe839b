extension ErasureHook {
  /// The person's board goes (their notices, what they read); notices to others that name them
  /// (a request waiting for a manager) keep the facts without the name.
  public static let board = ErasureHook(name: "board") { request in
    try request.store.delete(from: "notices", where: "recipient_id", is: request.person.id)
    try request.store.delete(from: "unread_notices", where: "recipient_id", is: request.person.id)
    try request.store.delete(from: "company_notice_reads", where: "employee_id", is: request.person.id)
    try request.store.scrub("notices", columns: ["title", "body", "params"], replacements: request.replacements)
    try request.store.scrub("company_notices", columns: ["title", "body"], replacements: request.replacements)
  }
}
