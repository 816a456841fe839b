import AtriumAPI
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

/// `GET /api/v1/calendar`: who is in it for each role, and what each day shows.
@Suite(.checksBalanceRows) struct TeamCalendarTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  func calendar(_ token: String, _ route: Route) throws -> TeamCalendar {
    let response = app.send(route, token: token)
    #expect(response.status == 200, "\(response.text)")
    return try JSONText.decode(TeamCalendar.self, from: response)
  }

  @Test func eachRoleSeesTheirTeamAndTheDaysShowLeaveWeekendsAndHolidays() throws {
    let eva = try app.login("eva").accessToken
    let mario = try app.login("mario").accessToken
    let ana = try app.login("ana").accessToken
    #expect(
      app.send(
        .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-07", "endHalf": "morning"}"#, token: eva
      )
      .status == 201)
    let madrid = try JSONText.decode(Page<LocationBody>.self, from: app.send(.places(.locations(.first)), token: ana))
      .items
      .first { $0.name == "Madrid" }!.id
    #expect(
      app.send(
        .leaveSettings(.createHoliday),
        json: #"{"locationId": "\#(madrid)", "date": "2026-04-09", "name": "Jueves Santo"}"#, token: ana
      )
      .status == 201)

    let april = Route.calendar(.team(month: "2026-04", departmentID: nil, locationID: nil))
    let seenByEva = try calendar(eva, april)
    #expect(seenByEva.month == "2026-04" && seenByEva.days.count == 30)
    let names = seenByEva.people.map(\.displayName)
    #expect(names.contains("Eva Fernández") && names.contains("Pablo Ruiz"))
    #expect(!names.contains("Lucía Martín"), "another team")
    let evaRow = try #require(seenByEva.people.first { $0.displayName == "Eva Fernández" })
    let cells = Dictionary(uniqueKeysWithValues: evaRow.days.map { ($0.date.description, $0) })
    #expect(cells["2026-04-06"]?.kind == "leave" && cells["2026-04-06"]?.status == .pending)
    #expect(cells["2026-04-07"]?.halves == 1, "the half day")
    #expect(cells["2026-04-04"]?.kind == "weekend")
    #expect(cells["2026-04-09"]?.kind == "holiday" && cells["2026-04-09"]?.name == "Jueves Santo")
    #expect(cells["2026-04-08"] == nil, "an ordinary working day")

    let seenByMario = try calendar(mario, april).people.map(\.displayName)
    #expect(seenByMario.contains("Eva Fernández") && seenByMario.contains("Mario López"))
    #expect(!seenByMario.contains("Lucía Martín"))

    let sales = try JSONText.decode(
      Page<DepartmentBody>.self, from: app.send(.places(.departments(.first)), token: ana)
    ).items
      .first { $0.name == "Sales" }!.id
    let salesOnly = try calendar(ana, .calendar(.team(month: "2026-04", departmentID: sales, locationID: nil))).people
    #expect(salesOnly.contains { $0.displayName == "Lucía Martín" })
    #expect(!salesOnly.contains { $0.displayName == "Eva Fernández" })
  }

  @Test func eachPersonsRowFollowsTheirLocationsWeekendInDateOrder() throws {
    let ana = try app.login("ana").accessToken
    let eva = try app.login("eva")
    #expect(
      app.send(.places(.updateLocation(id: eva.user.location.id)), json: #"{"weekendDays": [5, 6]}"#, token: ana)
        .status == 200)
    #expect(
      app.send(.leave(.create), json: #"{"start": "2026-04-05", "end": "2026-04-06"}"#, token: eva.accessToken)
        .status == 201)

    let april = try calendar(ana, .calendar(.team(month: "2026-04", departmentID: nil, locationID: nil)))
    for person in april.people {
      let dates = person.days.map(\.date)
      #expect(
        dates == dates.sorted() && Set(dates).count == dates.count, "\(person.displayName): one cell a day, in order")
    }
    let evaRow = try #require(april.people.first { $0.id == eva.user.id })
    let kinds = Dictionary(uniqueKeysWithValues: evaRow.days.map { ($0.date.description, $0.kind) })
    #expect(kinds["2026-04-03"] == "weekend" && kinds["2026-04-04"] == "weekend", "Friday and Saturday")
    #expect(kinds["2026-04-05"] == "leave" && kinds["2026-04-06"] == "leave", "Sunday is a working day there")
    let elsewhere = try #require(april.people.first { $0.location.id != eva.user.location.id })
    let theirs = Dictionary(uniqueKeysWithValues: elsewhere.days.map { ($0.date.description, $0.kind) })
    #expect(theirs["2026-04-03"] == nil && theirs["2026-04-04"] == "weekend" && theirs["2026-04-05"] == "weekend")
  }

  @Test func badMonthsAndAnonymousCallersAreRefused() throws {
    let eva = try app.login("eva").accessToken
    for month in ["2026-13", "April", "2026-4", "2026-04-01"] {
      #expect(app.send("GET", "/api/v1/calendar?month=\(month)", token: eva).status == 400, "\(month)")
    }
    #expect(app.send(.calendar(.team(month: nil, departmentID: nil, locationID: nil))).status == 401)
    let current = try calendar(eva, .calendar(.team(month: nil, departmentID: nil, locationID: nil)))
    #expect(current.month == "2026-03", "the current month where eva works")
  }

  @Test func theCalendarPageMarksLeaveByLabel() throws {
    let eva = try app.login("eva").accessToken
    _ = app.send(.leave(.create), json: #"{"start": "2026-03-10", "end": "2026-03-10"}"#, token: eva)
    let browser = WebClient(app)
    browser.signIn("mario")
    let page = browser.get("/calendar?month=2026-03")
    #expect(page.status == 200)
    #expect(page.text.contains("class=\"cell pending\""))
    #expect(page.text.contains(">P<small class=\"type\">Vac</small></td>"), "status and type written, not colour alone")
    #expect(page.text.contains("aria-current=\"date\""), "today is marked")
    #expect(page.text.contains("<td class=\"weekend\"></td>"), "weekends shaded")
    // Eva's row: her day off the 10th, the weekend of the 14th and 15th, working days empty.
    let evaRow = try #require(page.text.components(separatedBy: "<tr>").first { $0.contains("Eva Fernández") })
    let cells = evaRow.components(separatedBy: "<td").dropFirst().map { "<td" + $0 }
    #expect(cells.count == 31, "a cell a day of March")
    #expect(cells[9].contains("cell pending"), "the 10th")
    #expect(cells[13].contains("weekend") && cells[14].contains("weekend"), "the 14th and 15th")
    #expect(!cells[11].contains("cell") && !cells[11].contains("weekend"), "the 12th, a working day")
    #expect(cells.filter { $0.contains("today") }.count == 1, "today's column marked in her row too")
    #expect(browser.get("/calendar?month=soon").status == 400)
  }
}
