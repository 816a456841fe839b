extension ErasureHook {
  /// What the person posted on the timeline is theirs: it goes.
  public static let timeline = ErasureHook(name: "timeline") { request in
    try request.store.delete(from: "posts", where: "author_id", is: request.person.id)
  }
}
