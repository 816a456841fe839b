import AtriumHTML
import AtriumMessages

extension Layout {
  /// The sections; the drawer (narrow screens) also holds sign-out, which the header has no
  /// room for there.
  static func menu(_ context: WebContext, signOut: Bool = false) -> Node {
    .ul(
      [.class("menu")],
      [.trusted(MenuEntries.markup(context))]
        + (signOut
          ? [
            .li(
              [],
              [
                context.form(
                  .account(.signOut), [], [.button([.type("submit"), .class("secondary")], [.text(context(.signOut))])])
              ])
          ] : []))
  }
}

/// The menu's entries as markup, made once for each language, role, current section and count
/// of requests waiting, and kept: every page shows the menu twice, and making, rendering and
/// freeing its nodes cost a tenth of the `/time-off` page (`make bench-cost`). The entries
/// depend on nothing else (their texts and addresses are constants), so what is kept is never
/// stale; the markup is rendered from nodes, escaped as any other.
enum MenuEntries {
  private struct Key: Hashable, Sendable {
    let language: Language
    let decides: Bool
    let isAdmin: Bool
    let currentSection: String?
    let waiting: Int
  }

  /// Bounded: the waiting counts a company sees are few, but nothing else limits them.
  private static let kept = KeptMarkup<Key, String>(limit: 2_048)

  static func markup(_ context: WebContext) -> String {
    let key = Key(
      language: context.language, decides: context.decides, isAdmin: context.employee?.role == .admin,
      currentSection: context.current.map { Layout.section(of: $0, context) }, waiting: context.waiting)
    return kept.markup(for: key) { Node.fragment(entries(context, currentSection: key.currentSection)).render() }
  }

  private static func entries(_ context: WebContext, currentSection: String?) -> [Node] {
    var items: [(WebPage, String)] = [
      (.home(.timeline), context(.home)), (.timeOff(.overview(year: nil)), context(.timeOff)),
      (.board(.notices), context(.board)),
      (.team(.directory(query: nil, department: nil, location: nil)), context(.team)),
      (.calendar(.grid(month: nil, department: nil, location: nil)), context(.teamCalendar)),
      (.presence(.whereAmI(fix: nil)), context(PresenceText.whereTitle)),
      (.tasks(.list(filter: nil)), context(TaskText.tasksTitle)),
      (.sensors(.list(building: nil, kind: nil)), context(SensorAppText.sensorsTitle)),
    ]
    if context.decides { items.append((.approvals(.list(.pending)), context(.approvals))) }
    items += [
      (.company(.show), context(.company)), (.settings(.show), context(.settings)),
      (.profile(.mine), context(.profile)),
    ]
    if context.employee?.role == .admin { items.append((.admin(.index), context(.admin))) }
    return items.map { page, label in
      let section = Layout.section(of: page, context)
      // The Approvals entry says how many requests wait.
      let count: Node =
        section == "approvals" && context.waiting > 0
        ? .span([.class("badge"), .ariaLabel(context(.waiting(context.waiting)))], [.text(String(context.waiting))])
        : .empty
      return .li(
        [],
        [.a([.href(page.href)] + (section == currentSection ? [.ariaCurrent("page")] : []), [.text(label), count])])
    }
  }
}
