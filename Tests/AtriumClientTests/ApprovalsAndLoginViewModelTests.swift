import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// Login and approvals view models on the whole stack: real repositories, a real cache file,
/// the real server, and a network that can go away.
@MainActor @Suite(.serialized) struct ApprovalsAndLoginViewModelTests {
  let live: LiveServer
  var app: TestApp { live.app }
  var server: HTTPServer { live.server }
  var address: URL { live.address }

  init() throws { live = try LiveServer() }

  @Test func login_checksTheServer_showsErrors_signsIn_andRemembersTheServer() async throws {
    defer { server.stop() }
    let folder = TemporaryDirectory()
    let store = FileTokenStore(path: folder.path + "/atrium/session.json")
    let model = LoginViewModel(store: store)
    #expect(model.state.server == "" && model.session == nil)
    let states = Mutex<[LoginViewModel.State]>([])
    model.onChange = { state in states.withLock { $0.append(state) } }
    #expect(!model.state.isSignInEnabled)
    model.serverChanged("ftp://files.example")
    model.usernameChanged("eva")
    #expect(!model.state.isSignInEnabled)
    model.passwordChanged("wrong")
    #expect(model.state.isSignInEnabled)
    await model.signInTapped()
    #expect(model.state.serverError == "Enter the server's address, e.g. https://atrium.example.com")
    model.serverChanged(address.absoluteString)
    #expect(model.state.serverError == nil && model.state.isSignInEnabled)
    await model.signInTapped()
    #expect(model.state.error == "Wrong username or password.")
    #expect(model.state.signedInAs == nil && model.session == nil)
    model.passwordChanged("atrium-demo")
    await model.signInTapped()
    #expect(model.state.signedInAs == "Eva Fernández")
    #expect(model.state.password == "" && model.state.error == nil)
    #expect(
      states.withLock { $0 }.contains { $0.isWorking && !$0.isSignInEnabled }, "the button is off while signing in")
    let user = try await #require(model.session).call { try await $0.me() }
    #expect(user.username == "eva")

    let nextLaunch = LoginViewModel(store: store)
    #expect(nextLaunch.session != nil, "the saved session is picked up")
    await nextLaunch.signOutTapped()
    #expect(nextLaunch.session == nil && nextLaunch.state.signedInAs == nil)
    let afterSignOut = LoginViewModel(store: store)
    #expect(afterSignOut.session == nil)
    #expect(afterSignOut.state.server == address.absoluteString, "the server is offered again")
  }

  @Test func serverAddressesAreCompletedOrRefused() {
    defer { server.stop() }
    #expect(LoginViewModel.address("atrium.example.com")?.absoluteString == "https://atrium.example.com")
    #expect(LoginViewModel.address(" http://10.0.0.5:8080 ")?.absoluteString == "http://10.0.0.5:8080")
    #expect(LoginViewModel.address("ftp://atrium.example.com") == nil)
    #expect(LoginViewModel.address("https://") == nil)
    #expect(LoginViewModel.address("") == nil)
  }

  @Test func approvals_decideOnlineAndOffline_andAReplayRefusedBecauseSomeoneElseDecided() async throws {
    defer { server.stop() }
    let eva = try app.login("eva").accessToken
    for day in ["2026-04-06", "2026-04-13"] {
      #expect(app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva).status == 201)
    }
    let transport = SwitchableTransport()
    let session = ClientSession(server: address, store: MemoryTokenStore(), transport: transport)
    _ = try await session.signIn(username: "mario", password: "atrium-demo")
    let folder = TemporaryDirectory()
    let repository = LiveApprovalsRepository(
      session: session, cache: try ClientCache(path: folder.path + "/cache.sqlite"))
    let model = ApprovalsViewModel(repository: repository)
    await model.appeared()
    #expect(model.state.rows.count == 2)
    #expect(model.state.rows.allSatisfy { $0.canApprove && $0.name == "Eva Fernández" })
    let first = model.state.rows[0].id
    let second = model.state.rows[1].id

    await model.approveTapped(id: first)
    #expect(!model.state.rows.contains { $0.id == first })
    await model.filterChanged(to: .approved)
    #expect(model.state.rows.contains { $0.id == first && $0.canReopen })

    // Offline: the decision waits; meanwhile ana rejects the same request.
    await model.filterChanged(to: .pending)
    transport.isOffline.withLock { $0 = true }
    await model.approveTapped(id: second)
    #expect(model.state.message == "Saved; it will be sent when you are online.")
    #expect(model.state.waitingWrites == 1)
    await model.filterChanged(to: .pending)
    #expect(model.state.error == "You are offline.")
    #expect(model.state.rows.count == 1, "the cached list is still shown offline")
    let ana = try app.login("ana").accessToken
    #expect(app.send(.approvals(.reject(id: second)), token: ana).status == 200)
    transport.isOffline.withLock { $0 = false }
    await model.networkReturned()
    #expect(model.state.message?.hasPrefix("Not sent: ") == true, "\(String(describing: model.state.message))")
    #expect(model.state.waitingWrites == 0)
    #expect(model.state.emptyText == "Nothing here.")
  }

  /// Issue 15 (flows 1): tick several requests, confirm once, and read what became of each.
  @Test func approvals_bulkDecisionAsksFirst_andReportsEachRefusal() async throws {
    defer { server.stop() }
    let eva = try app.login("eva").accessToken
    for day in ["2026-04-06", "2026-04-13", "2026-04-20"] {
      #expect(app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva).status == 201)
    }
    let session = ClientSession(server: address, store: MemoryTokenStore(), transport: SwitchableTransport())
    _ = try await session.signIn(username: "mario", password: "atrium-demo")
    let folder = TemporaryDirectory()
    let repository = LiveApprovalsRepository(
      session: session, cache: try ClientCache(path: folder.path + "/cache.sqlite"))
    let model = ApprovalsViewModel(repository: repository)
    await model.appeared()
    let ids = model.state.rows.map(\.id)
    #expect(ids.count == 3)
    model.selectionToggled(id: ids[0])
    model.selectionToggled(id: ids[1])
    model.approveSelectedTapped()
    #expect(model.state.confirmation == "Approve 2 requests?")
    model.bulkCancelled()
    #expect(model.state.confirmation == nil && model.state.rows.count == 3, "nothing is sent without confirming")

    // Meanwhile ana rejects one of the two.
    let ana = try app.login("ana").accessToken
    #expect(app.send(.approvals(.reject(id: ids[1])), token: ana).status == 200)
    model.approveSelectedTapped()
    await model.bulkConfirmed()
    let message = try #require(model.state.message)
    #expect(message.hasPrefix("1 request approved. Not done: Eva Fernández: "), "\(message)")
    #expect(model.state.rows.map(\.id) == [ids[2]], "the decided ones leave the pending list")
    #expect(model.state.selected.isEmpty && model.state.confirmation == nil)
    let approved = try JSONText.decode(
      Page<ApprovalItem>.self, from: app.send(.approvals(.list(status: .approved, page: .first)), token: ana))
    #expect(approved.items.contains { $0.request.id == ids[0] })
  }
}

@MainActor @Suite(.serialized) struct BoardViewModelTests {
  @Test func markRead_offline_showsReadAtOnceAndSendsLater() async throws {
    let live = try LiveServer()
    let app = live.app
    let ana = try app.login("ana").accessToken
    #expect(app.send(.board(.post), json: #"{"title": "Lunch at one", "body": "x"}"#, token: ana).status == 201)
    let transport = live.transport
    let (session, cache) = try await live.signIn("eva")
    let model = BoardViewModel(repository: LiveBoardRepository(session: session, cache: cache))
    await model.appeared()
    #expect(model.state.unreadText == "1 unread")
    let id = try #require(model.state.rows.first?.id)
    transport.isOffline.withLock { $0 = true }
    await model.markReadTapped(id: id)
    #expect(model.state.unreadText == "0 unread")
    await model.appeared()
    #expect(model.state.rows.first?.isUnread == false, "the cached board shows it read while offline")
    let token = try app.login("eva").accessToken
    #expect(try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: token)).unread == 1, "not sent yet")
    transport.isOffline.withLock { $0 = false }
    await model.networkReturned()
    #expect(try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: token)).unread == 0)
    #expect(model.state.error == nil)
  }
}
