import AtriumStore

extension ErasureHook {
  /// Requests and their history stay (the company must keep them, and balances follow them);
  /// the notes and reasons written on them lose the person's name, e-mail and phone.
  public static let leave = ErasureHook(name: "leave") { request in
    try request.store.scrub(
      "leave_requests", columns: ["note", "decision_reason"], replacements: request.replacements,
      stamp: ("revision", { .integer(LeaveRequestStore.newRevision()) }))
    try request.store.scrub("leave_history", columns: ["reason", "details"], replacements: request.replacements)
  }
}
