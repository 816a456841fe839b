import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The Tasks page: adding, the filters, each task with done, edit and delete, conflicts shown
/// with both values and a choice, and an undo after a delete. Every action is a form (the
/// version the visitor saw in a hidden field), so it works without script; with it, the list
/// (`#tasks-region`) follows a `tasks` live event.
package enum TasksPage {
  package static func render(
    _ context: WebContext, tasks: [TaskBody], filter: String?, viewerID: String, undo: TaskBody?
  ) -> Node {
    let shown = tasks.filter { task in
      switch filter {
      case "pending": !task.done
      case "done": task.done
      case "assigned": task.assignedBy?.id == viewerID
      default: true
      }
    }
    let filters: [(String?, TaskText)] = [
      (nil, .all), ("pending", .pending), ("done", .doneFilter), ("assigned", .assigned),
    ]
    return Layout.page(
      context(TaskText.tasksTitle), context,
      [
        undo.map { task in
          .p(
            [.class("card"), .id("undo"), Attribute("role", "status")],
            [
              .text(context(TaskText.deleted(task.title)) + " "),
              context.form(
                .tasks(.restore(id: task.id)), [.class("inline")],
                [.button([.type("submit"), .class("secondary")], [.text(context(TaskText.undo))])]),
            ])
        } ?? .empty,
        .section(
          [.class("card")],
          [
            .h2([], [.text(context(TaskText.addTask))]),
            context.form(
              .tasks(.add), [.class("stack")],
              [
                .label([.for("new-task-title")], [.text(context(TaskText.title))]),
                .input([.type("text"), .id("new-task-title"), .name("title"), .required, Attribute("maxlength", "500")]
                ),
                .label([.for("new-task-due")], [.text(context(TaskText.due))]),
                .input([.type("date"), .id("new-task-due"), .name("due")]),
                .label([.for("new-task-notes")], [.text(context(TaskText.notes))]),
                .textarea([.id("new-task-notes"), .name("notes"), Attribute("maxlength", "10000")], ""),
                .p([], [.button([.type("submit")], [.text(context(TaskText.addTask))])]),
              ]),
          ]),
        .nav(
          [.class("row"), .ariaLabel(context(TaskText.tasksTitle))],
          filters.map { value, label in
            .a(
              [
                .class(filter == value ? "button" : "button secondary"),
                .href(WebPage.tasks(.list(filter: value)).href),
              ]
                + (filter == value ? [.ariaCurrent("page")] : []), [.text(context(label))])
          }),
        .div(
          [.id("tasks-region")],
          [
            shown.isEmpty
              ? .p([.class("muted")], [.text(context(TaskText.noTasks))])
              : .ul([.class("list"), .id("tasks")], shown.map { row(context, $0, viewerID: viewerID) })
          ]),
      ])
  }

  private static func row(_ context: WebContext, _ task: TaskBody, viewerID: String) -> Node {
    let version = hidden("version", String(task.version))
    let isOwner = task.owner.id == viewerID
    var details: [String] = []
    if let due = task.due { details.append(context(TaskText.dueOn(due))) }
    if let giver = task.assignedBy, giver.id != viewerID {
      details.append(context(TaskText.givenBy(giver.displayName)))
    }
    if !isOwner { details.append(task.owner.displayName) }
    return .li(
      [.data("task", task.id)] + (task.done ? [.class("done")] : []),
      [
        .strong([.text(task.title)]),
        details.isEmpty ? .empty : .text(" · " + details.joined(separator: " · ")),
        task.notes.isEmpty ? .empty : .p([.class("muted")], [.text(task.notes)]),
      ] + task.conflicts.map { conflict(context, task, $0, isOwner: isOwner) } + [
        .div(
          [.class("row")],
          [
            isOwner
              ? context.form(
                .tasks(.toggle(id: task.id)), [.class("inline")],
                [
                  version, hidden("done", task.done ? "off" : "on"),
                  .button(
                    [.type("submit")], [.text(context(task.done ? TaskText.markPending : TaskText.markDone))]),
                ]) : .empty,
            .a(
              [.class("button secondary"), .href(WebPage.tasks(.edit(id: task.id)).href)],
              [.text(context(TaskText.edit))]),
            context.form(
              .tasks(.delete(id: task.id)), [.class("inline")],
              [version, .button([.type("submit"), .class("secondary")], [.text(context(TaskText.delete))])]),
          ])
      ])
  }

  /// Both values of a field two changes disagree on, and the choice (for the task's owner).
  private static func conflict(
    _ context: WebContext, _ task: TaskBody, _ conflict: TaskConflictBody, isOwner: Bool
  ) -> Node {
    func choice(_ name: String, _ label: TaskText) -> Node {
      context.form(
        .tasks(.resolve(id: task.id)), [.class("inline")],
        [
          hidden("field", conflict.field), hidden("choice", name),
          .button([.type("submit"), .class("secondary")], [.text(context(label))]),
        ])
    }
    return .div(
      [.class("notice conflict"), .data("field", conflict.field)],
      [
        .p([], [.text(context(TaskText.conflictOn(conflict.field)))]),
        .p([], [.text(context(TaskText.yoursValue(words(conflict.yours, conflict.field, context))))]),
        .p([], [.text(context(TaskText.theirsValue(words(conflict.theirs, conflict.field, context))))]),
        isOwner ? .div([.class("row")], [choice("yours", .keepYours), choice("theirs", .keepTheirs)]) : .empty,
      ])
  }

  /// A value as a person reads it.
  static func words(_ value: TaskJSON, _ field: String, _ context: WebContext) -> String {
    switch value {
    case .string(let text): text
    case .bool(let flag) where field == "deleted": flag ? context(TaskText.delete) : context(TaskText.undo)
    case .bool(let flag): flag ? context(TaskText.doneFilter) : context(TaskText.pending)
    case .null, .other: "—"
    }
  }

  /// The edit form, with the version seen in a hidden field; after a stale save, the task as
  /// it is now with what the visitor typed beside it.
  package static func edit(_ context: WebContext, _ task: TaskBody, typed: [String: String]? = nil) -> Node {
    Layout.page(
      task.title, context,
      [
        typed == nil
          ? .empty
          : .p(
            [.class("notice"), .id("changed-meanwhile"), Attribute("role", "alert")],
            [.text(context(TaskText.changedMeanwhile))]),
        typed.map { typed in
          .ul(
            [.class("list"), .id("your-change")],
            ["title", "notes", "due"].compactMap { name in
              guard let text = typed[name], text != field(task, name) else { return nil }
              return .li(
                [],
                [
                  .text(
                    "\(name): " + context(TaskText.yoursValue(text)) + " · "
                      + context(TaskText.theirsValue(field(task, name))))
                ])
            })
        } ?? .empty,
        .section(
          [.class("card")],
          [
            context.form(
              .tasks(.save(id: task.id)), [.class("stack")],
              [
                hidden("version", String(task.version)),
                .label([.for("task-title")], [.text(context(TaskText.title))]),
                .input([.type("text"), .id("task-title"), .name("title"), .value(field(task, "title")), .required]),
                .label([.for("task-due")], [.text(context(TaskText.due))]),
                .input([.type("date"), .id("task-due"), .name("due"), .value(field(task, "due"))]),
                .label([.for("task-notes")], [.text(context(TaskText.notes))]),
                .textarea([.id("task-notes"), .name("notes")], field(task, "notes")),
                .p([], [.button([.type("submit")], [.text(context(TaskText.save))])]),
              ])
          ]),
      ])
  }

  static func field(_ task: TaskBody, _ name: String) -> String {
    switch name {
    case "title": task.title
    case "notes": task.notes
    case "due": task.due ?? ""
    default: ""
    }
  }

  /// A manager's form to give someone a task.
  package static func give(_ context: WebContext, to person: PersonProfile) -> Node {
    Layout.page(
      context(TaskText.giveATask) + " — " + person.displayName, context,
      [
        .section(
          [.class("card")],
          [
            context.form(
              .tasks(.give(personID: person.id)), [.class("stack")],
              [
                .label([.for("give-title")], [.text(context(TaskText.title))]),
                .input([.type("text"), .id("give-title"), .name("title"), .required, Attribute("maxlength", "500")]),
                .label([.for("give-due")], [.text(context(TaskText.due))]),
                .input([.type("date"), .id("give-due"), .name("due")]),
                .label([.for("give-notes")], [.text(context(TaskText.notes))]),
                .textarea([.id("give-notes"), .name("notes")], ""),
                .p([], [.button([.type("submit")], [.text(context(TaskText.giveATask))])]),
              ])
          ])
      ])
  }

  private static func hidden(_ name: String, _ value: String) -> Node {
    .input([.type("hidden"), .name(name), .value(value)])
  }
}
