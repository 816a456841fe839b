import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

// What the tasks section registers at the web app's extension points (`WebExtensions`).

extension PersonAction {
  /// "Give a task", for a manager above the person, and for admins.
  package static func giveATask(_ environment: ServerEnvironment) -> PersonAction {
    PersonAction(name: "give-a-task") { person, viewer, context in
      guard try TaskService(environment: environment).mayGive(to: person.id, principal: viewer) else { return nil }
      return .a(
        [.class("button secondary"), .href(WebPage.tasks(.giveForm(personID: person.id)).href)],
        [.text(context(TaskText.giveATask))])
    }
  }
}

extension HomeCard {
  /// The visitor's open tasks: how many, and the first few.
  package static func openTasks(_ environment: ServerEnvironment) -> HomeCard {
    HomeCard(name: "tasks", urgency: 25) { viewer, context, _ in
      let open = try TaskService(environment: environment).list(
        PageRequest(limit: PageRequest.maximumLimit), principal: viewer
      )
      .items.filter { !$0.done && $0.owner.id == viewer.employee.id }
      guard !open.isEmpty else { return nil }
      return .section(
        [.class("card home-card"), .id("home-tasks"), Attribute("aria-labelledby", "home-tasks-title")],
        [
          .h2([.id("home-tasks-title")], [.text(context(TaskText.tasksTitle))]),
          .p([.class("home-figure")], [.text(context(TaskText.openTasks(open.count)))]),
          .ul([.class("plain")], open.prefix(3).map { .li([], [.text($0.title)]) }),
          .a(
            [.class("button secondary"), .href(WebPage.tasks(.list(filter: "pending")).href)],
            [.text(context(TaskText.tasksTitle))]),
        ])
    }
  }
}
