import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The team calendar: people down the side, the month's days across, leave shown by a label
/// and a pattern as well as a colour (A approved, P pending, H holiday), weekends shaded and
/// today marked, each day's column headed by its weekday's letter. The grid fills the page's
/// width; on a phone it scrolls sideways while the names stay in view.
package enum CalendarPage {
  package static func render(
    _ context: WebContext, _ calendar: TeamCalendar, departmentID: String?, locationID: String?,
    departments: [DepartmentBody], locations: [LocationBody]
  ) -> Node {
    let (year, month) = (Int(calendar.month.prefix(4)) ?? 2026, Int(calendar.month.suffix(2)) ?? 1)
    let previous = month == 1 ? String(format: "%04d-12", year - 1) : String(format: "%04d-%02d", year, month - 1)
    let next = month == 12 ? String(format: "%04d-01", year + 1) : String(format: "%04d-%02d", year, month + 1)
    func link(_ target: String) -> String {
      WebPage.calendar(.grid(month: target, department: departmentID, location: locationID)).href
    }
    let plainCells = calendar.days.map { PlainCells(day: $0, today: calendar.today) }
    return Layout.page(
      context(.teamCalendar), context,
      [
        .nav(
          [.class("row"), .ariaLabel(context(.month))],
          [
            .a([.href(link(previous)), .class("button secondary")], [.text("‹ \(previous)")]),
            .strong([.text(calendar.month)]),
            .a([.href(link(next)), .class("button secondary")], [.text("\(next) ›")]),
          ]),
        context.decides && context.employee?.role == .admin
          ? filters(context, calendar.month, departmentID, locationID, departments, locations) : .empty,
        .p(
          [.class("legend muted")],
          [
            .span([.class("cell approved")], ["A"]), .text(" " + context(.status(.approved)) + "  "),
            .span([.class("cell pending")], ["P"]), .text(" " + context(.status(.pending)) + "  "),
            .span([.class("cell holiday")], ["H"]), .text(" " + context(.holiday)),
          ]),
        .div(
          [.class("calendar-wrap"), Attribute("tabindex", "0"), .ariaLabel(context(.teamCalendar))],
          [
            .table(
              [.class("calendar")],
              [
                .tr(
                  [],
                  [.th([.class("name"), Attribute("scope", "col")], [.text(context(.team))])]
                    + calendar.days.map { day in
                      // The weekday's letter above the day's number.
                      .th(
                        [Attribute("scope", "col"), Attribute("title", context.date(day))]
                          + (day == calendar.today ? [.class("today"), .ariaCurrent("date")] : []),
                        [
                          .span([.class("weekday")], [.text(Wording(context.language).weekdayInitial(day.weekday))]),
                          .text(String(day.day)),
                        ])
                    })
              ]
                + calendar.people.map { row(context, $0, days: plainCells) })
          ]),
      ])
  }

  private static func filters(
    _ context: WebContext, _ month: String, _ departmentID: String?, _ locationID: String?,
    _ departments: [DepartmentBody], _ locations: [LocationBody]
  ) -> Node {
    func select(_ name: String, _ any: Text, _ choices: [(String, String)], _ selected: String?) -> Node {
      .select(
        [.name(name), .ariaLabel(context(any))],
        [.option([.value("")], context(any))]
          + choices.map { id, title in .option([.value(id)] + (id == selected ? [.selected] : []), title) })
    }
    return .form(
      [
        .method("get"), .action(WebPage.calendar(.grid(month: nil, department: nil, location: nil)).path),
        .class("row"),
      ],
      [
        .input([.type("hidden"), .name("month"), .value(month)]),
        select("department", .allDepartments, departments.map { ($0.id, $0.name) }, departmentID),
        select("location", .allLocations, locations.map { ($0.id, $0.name) }, locationID),
        .button([.type("submit"), .class("secondary")], [.text(context(.search))]),
      ])
  }

  /// A day's cells without leave or a holiday, made and rendered once a page and shared by
  /// every row as their markup: most of a month's cells are these (a 120-person month is
  /// 3,600 cells), and writing each as nodes was a quarter of the page (`make bench-cost`).
  private struct PlainCells {
    let day: CalendarDate
    /// " today" on today's column.
    let marks: String
    let empty: Node
    let weekend: Node

    init(day: CalendarDate, today: CalendarDate) {
      marks = day == today ? " today" : ""
      self.day = day
      empty = .trusted(Node.td([.class(marks.trimmingWhitespace)], []).render())
      weekend = .trusted(Node.td([.class("weekend\(marks)")], []).render())
    }
  }

  private static func row(_ context: WebContext, _ person: CalendarPerson, days: [PlainCells]) -> Node {
    // The person's cells come in date order: one pass beside the days finds each day's.
    var cells = person.days[...]
    return .tr(
      [],
      // A long name is cut on screen (the whole of it in the title and for screen readers), so
      // one person cannot push the days out of view for everyone.
      [
        .th(
          [.class("name"), Attribute("scope", "row"), Attribute("title", person.displayName)],
          [.span([.class("name-text")], [.text(person.displayName)])])
      ]
        + days.map { plain in
          while let next = cells.first, next.date < plain.day { cells.removeFirst() }
          guard let cell = cells.first, cell.date == plain.day else { return plain.empty }
          let marks = plain.marks
          switch cell.kind {
          case "leave":
            let status = cell.status ?? .pending
            let label = status == .approved ? "A" : "P"
            let half = cell.halves == 1 ? "½" : ""
            let type = cell.name ?? ""
            // The type is written in the cell, not told by colour alone.
            return .td(
              [
                .class("cell \(status.rawValue)\(marks)"),
                Attribute("title", [context(.status(status)), type].filter { !$0.isEmpty }.joined(separator: " · ")),
              ],
              [.text(label + half), type.isEmpty ? .empty : .small([.class("type")], [.text(String(type.prefix(3)))])])
          case "holiday":
            return .td(
              [.class("cell holiday\(marks)"), Attribute("title", cell.name ?? "")],
              [.text(cell.halves == 1 ? "H½" : "H")])
          default:
            return plain.weekend
          }
        })
  }
}
