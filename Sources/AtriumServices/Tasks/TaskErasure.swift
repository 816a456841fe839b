import AtriumStore

extension ErasureHook {
  /// The person's tasks, their feed and the operations they sent; the tasks they gave others
  /// stay on those people's lists, no longer naming who gave them.
  public static let tasks = ErasureHook(name: "tasks") { request in
    let person = request.person.id
    try request.store.delete(from: "tasks", where: "owner_id", is: person)
    try request.store.clear("assigned_by", in: "tasks", is: person)
    try request.store.delete(from: "task_changes", where: "reader_id", is: person)
    try request.store.delete(from: "task_feed_counters", where: "reader_id", is: person)
    try request.store.delete(from: "task_ops", where: "employee_id", is: person)
  }
}
