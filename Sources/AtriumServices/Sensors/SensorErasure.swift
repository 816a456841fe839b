import AtriumStore

extension ErasureHook {
  /// The alert rules and rooms the person follows (their permissions go with the rest of
  /// their row, `AccountErasure.former`); the rules they made stay, for those who follow them.
  public static let sensors = ErasureHook(name: "sensors") { request in
    try request.store.delete(from: "alert_subscriptions", where: "employee_id", is: request.person.id)
  }
}
