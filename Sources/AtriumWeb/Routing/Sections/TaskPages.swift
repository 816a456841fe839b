extension WebPage {
  /// Tasks: the list with its filters, adding, marking done, editing (the version seen rides in
  /// a hidden field, so a stale edit shows the conflict), deleting with undo, settling
  /// conflicts, and a manager giving someone a task.
  package enum Tasks: PageSection {
    /// `filter`: `pending`, `done` or `assigned` (the tasks the visitor gave); all when nil.
    /// `undo`: a task just deleted, offered back.
    case list(filter: String?, undo: String? = nil)
    case add
    case toggle(id: String)
    case edit(id: String)
    case save(id: String)
    case delete(id: String)
    case restore(id: String)
    case resolve(id: String)
    case giveForm(personID: String)
    case give(personID: String)

    package enum Name: CaseIterable, Sendable {
      case list, add, toggle, edit, save, delete, restore, resolve, giveForm, give
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .list:
        PageRow(.get, "/tasks", rules: .signedIn) { _, query in
          .list(filter: query.nonBlank("filter"), undo: query.nonBlank("undo"))
        }
      case .add: PageRow(.post, "/tasks", rules: .signedIn) { _, _ in .add }
      case .toggle: PageRow(.post, "/tasks/{id}/done", rules: .signedIn) { id, _ in .toggle(id: id[0]) }
      case .edit: PageRow(.get, "/tasks/{id}/edit", rules: .signedIn) { id, _ in .edit(id: id[0]) }
      case .save: PageRow(.post, "/tasks/{id}", rules: .signedIn) { id, _ in .save(id: id[0]) }
      case .delete: PageRow(.post, "/tasks/{id}/delete", rules: .signedIn) { id, _ in .delete(id: id[0]) }
      case .restore: PageRow(.post, "/tasks/{id}/restore", rules: .signedIn) { id, _ in .restore(id: id[0]) }
      case .resolve: PageRow(.post, "/tasks/{id}/resolve", rules: .signedIn) { id, _ in .resolve(id: id[0]) }
      case .giveForm:
        PageRow(.get, "/team/{id}/give-task", rules: .signedIn) { id, _ in .giveForm(personID: id[0]) }
      case .give: PageRow(.post, "/team/{id}/give-task", rules: .signedIn) { id, _ in .give(personID: id[0]) }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .list(let filter, let undo): PageParts(.list, query: [("filter", filter), ("undo", undo)])
      case .add: PageParts(.add)
      case .toggle(let id): PageParts(.toggle, [id])
      case .edit(let id): PageParts(.edit, [id])
      case .save(let id): PageParts(.save, [id])
      case .delete(let id): PageParts(.delete, [id])
      case .restore(let id): PageParts(.restore, [id])
      case .resolve(let id): PageParts(.resolve, [id])
      case .giveForm(let person): PageParts(.giveForm, [person])
      case .give(let person): PageParts(.give, [person])
      }
    }

    package static let examples: [Self] = [
      .list(filter: nil), .list(filter: "done"), .list(filter: nil, undo: "t1"), .add, .toggle(id: "t1"),
      .edit(id: "t1"), .save(id: "t1"),
      .delete(id: "t1"), .restore(id: "t1"), .resolve(id: "t1"), .giveForm(personID: "p1"), .give(personID: "p1"),
    ]
  }
}
