import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

/// Home (timeline), settings and a request's detail, on the real SDK stack against the demo
/// company.
@MainActor @Suite(.serialized) struct HomeSettingsAndDetailViewModelTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  @Test func home_showsPostsNewestFirst_postsAndDeletes_andSaysWhatFailed() async throws {
    for (username, text) in [("ana", "Welcome to Atrium!"), ("eva", "Coffee in the Madrid kitchen.")] {
      let token = try live.app.login(username).accessToken
      #expect(live.app.send(.timeline(.createPost), json: #"{"text": "\#(text)"}"#, token: token).status == 201)
      live.app.clock.advance(by: 60)
    }
    let (session, cache) = try await live.signIn("eva")
    let repository = LiveTimelineRepository(session: session, cache: cache)
    let model = HomeViewModel(repository: repository, timeZone: TimeZone(identifier: "UTC")!)
    await model.appeared()
    #expect(model.state.error == nil, "\(model.state.error ?? "")")
    #expect(model.state.rows.first?.text == "Coffee in the Madrid kitchen.")
    #expect(model.state.rows.first?.byline == "Eva Fernández")
    #expect(model.state.rows.first?.canDelete == true)
    #expect(model.state.rows.first { $0.byline == "Ana García" }?.canDelete == false, "not her post")
    #expect(model.state.rows.first?.date == "2 Mar 2026, 09:01", "\(model.state.rows.first?.date ?? "")")

    model.draftChanged("   ")
    #expect(!model.state.isPostEnabled, "blank is not a post")
    model.draftChanged(String(repeating: "x", count: HomeViewModel.maximumPostLength + 1))
    #expect(!model.state.isPostEnabled)
    model.draftChanged("Ship it 🚀")
    #expect(model.state.isPostEnabled)
    await model.postTapped()
    #expect(model.state.rows.first?.text == "Ship it 🚀" && model.state.draft.isEmpty)
    let posted = try #require(model.state.rows.first?.id)
    await model.deleteTapped(id: posted)
    #expect(!model.state.rows.contains { $0.id == posted })
    let again = HomeViewModel(repository: repository)
    await again.appeared()
    #expect(!again.state.rows.contains { $0.text == "Ship it 🚀" }, "deleted on the server too")

    live.isOffline = true
    let offline = HomeViewModel(repository: repository, language: .es)
    await offline.appeared()
    #expect(offline.state.rows.count == 2, "the last copy")
    #expect(offline.state.error == "No se pudo cargar el inicio. Sin conexión.")
    offline.draftChanged("Hola")
    await offline.postTapped()
    #expect(offline.state.draft == "Hola", "an unsent post is kept to try again")
  }

  @Test func settings_switchesSaveOrGoBack_andANewCalendarLinkRetiresTheOld() async throws {
    let (session, cache) = try await live.signIn("eva")
    let repository = LiveSettingsRepository(session: session, cache: cache)
    let model = SettingsViewModel(repository: repository)
    await model.appeared()
    #expect(
      model.state.notifications.map(\.id) == [
        "leaveDecisions", "approvalsWaiting", "companyNotices", "mateCheckIns", "taskAssigned", "sensorAlerts",
      ])
    // Everything on, but a mate's check-in, which waits until the person turns it on.
    #expect(
      model.state.notifications.filter { $0.id != "mateCheckIns" }.allSatisfy {
        $0.board && $0.mail && $0.push && !$0.digest
      })
    #expect(model.state.notifications[3].board == false && !model.state.notifications[3].mail)
    #expect(model.state.notifications.map(\.offersDigest) == [false, true, true, false, false, false])
    let oldFeed = try #require(model.state.calendarURL)

    await model.notificationToggled(kind: "companyNotices", channel: .mail, isOn: false)
    await model.digestToggled(kind: "approvalsWaiting", isOn: true)
    await model.languageChosen("es")
    let eva = try live.app.login("eva").accessToken
    let saved = try JSONText.decode(SettingsBody.self, from: live.app.send(.settings(.show), token: eva))
    #expect(saved.notifications["companyNotices"] == .init(board: true, mail: false, push: true, digest: false))
    #expect(saved.notifications["approvalsWaiting"]?.digest == true && saved.language == "es")
    #expect(model.state.notifications.first?.name == "Decisiones sobre mis solicitudes", "named in the new language")

    await model.languageChosen("klingon")
    #expect(model.state.language == "es", "a language the server refused does not stay on screen")
    #expect(model.state.error != nil)

    live.isOffline = true
    var states: [SettingsViewModel.State] = []
    model.onChange = { states.append($0) }
    await model.notificationToggled(kind: "leaveDecisions", channel: .board, isOn: false)
    #expect(states.first?.notifications.first?.board == false, "the switch moves at once")
    #expect(model.state.notifications.first?.board == true, "and goes back when it could not be saved")
    #expect(model.state.error == "You are offline.")

    live.isOffline = false
    await model.newCalendarLinkTapped()
    #expect(model.state.calendarURL != oldFeed)
    #expect(model.state.message == "New links; the old ones no longer work.")
    #expect(live.app.send("GET", oldFeed.path + "?" + (oldFeed.query ?? "")).status == 404)
  }

  /// Issue 14 (5): the SDK lists where the person is signed in and signs one session out.
  @Test func settings_listSessionsAndSignOneOut() async throws {
    let (session, cache) = try await live.signIn("eva")
    let other = try live.app.login("eva")
    let model = SettingsViewModel(repository: LiveSettingsRepository(session: session, cache: cache))
    await model.appeared()
    #expect(model.state.sessions.count == 2)
    #expect(model.state.sessions.filter(\.isCurrent).count == 1)
    let notThisOne = try #require(model.state.sessions.first { !$0.isCurrent })
    #expect(notThisOne.detail.contains("127.0.0.1") && notThisOne.detail.contains("last used"))
    await model.signOutTapped(sessionID: notThisOne.id)
    #expect(model.state.sessions.map(\.id) == model.state.sessions.filter(\.isCurrent).map(\.id))
    #expect(model.state.message == "Signed out.")
    #expect(live.app.send(.me(.show), token: other.accessToken).status == 401, "its tokens stopped at once")
  }

  @Test func requestDetail_showsTheContext_approvesAndReopens() async throws {
    let eva = try live.app.login("eva").accessToken
    #expect(
      live.app.send(.leave(.create), json: #"{"start": "2026-05-04", "end": "2026-05-04"}"#, token: eva).status == 201)
    let created = live.app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-08", "note": "Family"}"#, token: eva)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    let (session, cache) = try await live.signIn("mario")
    let model = RequestDetailViewModel(
      requestID: id, repository: LiveApprovalsRepository(session: session, cache: cache),
      timeZone: TimeZone(identifier: "UTC")!)
    await model.appeared()
    #expect(model.state.name == "Eva Fernández")
    #expect(model.state.dates == "2026-04-06 – 2026-04-08" && model.state.days == "3 days")
    #expect(model.state.note == "Family" && model.state.status == "Pending")
    #expect(model.state.others.map(\.dates) == ["2026-05-04"])
    #expect(model.state.canApprove && model.state.canReject && !model.state.canReopen)

    await model.approveTapped()
    #expect(model.state.status == "Approved" && model.state.canReopen && !model.state.canApprove)
    #expect(model.state.history.last == "2 Mar 2026, 09:00 · Mario López: approved", "\(model.state.history)")

    live.isOffline = true
    await model.reopenTapped()
    #expect(model.state.message == "Saved; it will be sent when you are online.")
    #expect(model.state.status == "Approved", "still, until it is sent")
    live.isOffline = false
    await model.networkReturned()
    #expect(model.state.status == "Pending" && model.state.canApprove)
    #expect(model.state.message == nil && model.state.error == nil)

    // Meanwhile ana decided: mario's approval comes back refused, in words.
    #expect(live.app.send(.approvals(.reject(id: id)), token: try live.app.login("ana").accessToken).status == 200)
    await model.approveTapped()
    #expect(model.state.error == "The request is rejected, so it cannot be approved.")
    #expect(model.state.status == "Pending", "the last copy until the reload")
    await model.appeared()
    #expect(model.state.status == "Rejected" && model.state.canReopen)
  }
}
