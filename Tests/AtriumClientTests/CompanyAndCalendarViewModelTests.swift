import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

/// The company and team calendar screens on the whole stack: real repositories, a real cache
/// file and the real server with the demo company, whose clock says 2026-03-02, a Monday.
@MainActor @Suite(.serialized) struct CompanyAndCalendarViewModelTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  func repository(signedInAs username: String) async throws -> LiveCompanyRepository {
    let (session, cache) = try await live.signIn(username)
    return LiveCompanyRepository(session: session, cache: cache)
  }

  @Test func company_showsContactsWithTheirAddresses_andTheLastCopyOffline() async throws {
    let repository = try await repository(signedInAs: "eva")
    let model = CompanyViewModel(repository: repository)
    var states: [CompanyViewModel.State] = []
    model.onChange = { states.append($0) }
    await model.appeared()
    #expect(states.first?.isLoading == true)
    #expect(model.state.name == "Atrium Demo S.L.")
    #expect(model.state.callURL?.absoluteString == "tel:+34910000000")
    #expect(model.state.website?.absoluteString == "https://atrium-demo.example")
    #expect(model.state.mapURL?.absoluteString.contains("Calle%20de%20Alcal%C3%A1%201") == true)
    #expect(!model.state.isLoading && model.state.error == nil)

    live.isOffline = true
    let offline = CompanyViewModel(repository: repository, language: .es)
    await offline.appeared()
    #expect(offline.state.name == "Atrium Demo S.L.", "the saved copy")
    #expect(offline.state.error == "Sin conexión.")
    #expect(offline.state.isOffline && !offline.state.isSignedOut)
  }

  @Test func calendar_marksTodayWeekendsAndLeave_movesByMonth_andWorksOffline() async throws {
    let eva = try live.app.login("eva").accessToken
    let created = live.app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-07"}"#, token: eva)
    #expect(created.status == 201)
    let model = TeamCalendarViewModel(repository: try await repository(signedInAs: "mario"))
    await model.appeared()
    #expect(model.state.month == "2026-03")
    #expect(model.state.days.count == 31)
    #expect(model.state.todayIndex == 1)
    let march = try #require(model.state.rows.first { $0.name == "Eva Fernández" })
    #expect(march.cells[0] == "·", "1 March 2026 is a Sunday")
    #expect(march.cells[1] != "·")

    await model.nextMonthTapped()
    #expect(model.state.month == "2026-04" && model.state.todayIndex == nil)
    let pending = try #require(model.state.rows.first { $0.name == "Eva Fernández" })
    #expect(pending.cells[5] == "P" && pending.cells[6] == "P")
    #expect(pending.cells[7] == "")

    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    #expect(live.app.send(.approvals(.approve(id: id)), token: try live.app.login("mario").accessToken).status == 200)
    await model.previousMonthTapped()
    await model.nextMonthTapped()
    #expect(model.state.rows.first { $0.name == "Eva Fernández" }?.cells[5] == "A")

    live.isOffline = true
    await model.previousMonthTapped()
    #expect(model.state.month == "2026-03")
    #expect(model.state.rows.contains { $0.name == "Eva Fernández" }, "March as last seen")
    #expect(model.state.error == "You are offline." && model.state.isOffline)
    await model.previousMonthTapped()
    #expect(model.state.month == "2026-02" && model.state.rows.isEmpty, "a month never seen has nothing to show")
  }

  @Test func monthsShiftAcrossYears() {
    #expect(TeamCalendarViewModel.shift("2026-12", by: 1) == "2027-01")
    #expect(TeamCalendarViewModel.shift("2026-01", by: -1) == "2025-12")
    #expect(TeamCalendarViewModel.shift("nonsense", by: 1) == nil)
  }
}
