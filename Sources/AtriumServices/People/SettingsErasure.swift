extension ErasureHook {
  /// The person's settings, push devices and calendar feed addresses.
  public static let settings = ErasureHook(name: "settings") { request in
    for table in ["settings", "devices", "calendar_feeds"] {
      try request.store.delete(from: table, where: "employee_id", is: request.person.id)
    }
  }
}
