import AtriumStore

extension ErasureHook {
  /// The person's permissions (`facilities`) and the alert rules and rooms they follow; the
  /// rules they made stay, for the people who follow them.
  public static let sensors = ErasureHook(name: "sensors") { request in
    try request.store.delete(from: "employee_permissions", where: "employee_id", is: request.person.id)
    try request.store.delete(from: "alert_subscriptions", where: "employee_id", is: request.person.id)
  }
}
