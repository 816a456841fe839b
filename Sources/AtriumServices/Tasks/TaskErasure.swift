import AtriumStore

extension ErasureHook {
  /// The person's tasks, their feed and the operations they sent. A task someone gave them
  /// leaves the giver's devices through the giver's feed (an empty tombstone); the tasks they
  /// gave stay on those people's lists, no longer naming who gave them.
  public static let tasks = ErasureHook(name: "tasks") { request in
    let person = request.person.id
    let told = try TaskStore(request.connection).erase(personID: person, at: request.now)
    for reader in told.sorted() {
      try LiveEventStore(request.connection).append(
        kind: "tasks", data: LiveEventStore.json(["change": "erased"]), audience: .person(id: reader), at: request.now)
    }
    try request.store.delete(from: "task_changes", where: "reader_id", is: person)
    try request.store.delete(from: "task_feed_counters", where: "reader_id", is: person)
    try request.store.delete(from: "task_ops", where: "employee_id", is: person)
  }
}
