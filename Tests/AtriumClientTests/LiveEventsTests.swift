import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

@Suite struct ServerSentEventParserTests {
  @Test func eventsSplitAnywhere_commentsSkipped_idsKept() {
    let text =
      ": heartbeat\r\nid: 7\r\nevent: notice\r\ndata: {\"a\":\r\ndata: \"ñ\"}\r\n\r\nevent: approvals\ndata: {}\n\n"
    let bytes = Array(text.utf8)
    // Every way of cutting the body in two gives the same events.
    for cut in 0...bytes.count {
      var parser = ServerSentEventParser()
      let events = parser.feed(Data(bytes[..<cut])) + parser.feed(Data(bytes[cut...]))
      #expect(
        events == [
          ServerEvent(id: "7", name: "notice", data: "{\"a\":\n\"ñ\"}"),
          ServerEvent(id: "7", name: "approvals", data: "{}"),
        ], "cut at \(cut)")
      #expect(parser.lastEventID == "7")
    }
  }

  @Test func anEventWithoutDataIsNotDispatched_andUnknownFieldsAreIgnored() {
    var parser = ServerSentEventParser()
    #expect(parser.feed(Data("event: notice\nretry: 10\nfoo\n\n".utf8)).isEmpty)
    #expect(parser.feed(Data("data\n\n".utf8)) == [ServerEvent(id: nil, name: "message", data: "")])
  }
}

/// Live events through the SDK against the real server: URLSession with a data delegate.
@MainActor @Suite(.serialized) struct LiveEventsTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  @Test func aManagerHearsOfANewRequest_andTheApprovalsListFollows() async throws {
    let (session, cache) = try await live.signIn("mario")
    let model = ApprovalsViewModel(repository: LiveApprovalsRepository(session: session, cache: cache))
    await model.appeared()
    #expect(model.state.rows.isEmpty)
    let events = try await session.events()
    let eva = try live.app.login("eva").accessToken
    #expect(
      live.app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva).status == 201)
    let event = try #require(try await nextEvent(named: "approvals", from: events))
    #expect(event.id != nil)
    await model.eventReceived(event)
    #expect(model.state.rows.map(\.name) == ["Eva Fernández"])
  }

  @Test func reconnectingWithTheLastIdGetsWhatWasMissed_andAnExpiredTokenIsRefreshed() async throws {
    let (session, _) = try await live.signIn("eva")
    let first = try await session.events()
    let ana = try live.app.login("ana").accessToken
    #expect(live.app.send(.board(.post), json: #"{"title": "One", "body": "x"}"#, token: ana).status == 201)
    let seen = try #require(try await nextEvent(named: "notice", from: first))

    // While eva is away: another notice, and her access token expires.
    #expect(live.app.send(.board(.post), json: #"{"title": "Two", "body": "x"}"#, token: ana).status == 201)
    live.app.clock.advance(by: 16 * 60)
    let again = try await session.events(lastEventID: seen.id)
    let missed = try #require(try await nextEvent(named: "notice", from: again))
    #expect(missed.data.contains("Two") && !missed.data.contains("One"))
  }

  @Test func refusalsAreErrors() async throws {
    let session = ClientSession(server: live.address, store: MemoryTokenStore(), transport: live.transport)
    await #expect(throws: APIError.unauthorized) { _ = try await session.events() }
    let (signedIn, _) = try await live.signIn("eva")
    let forged = await #expect(throws: APIError.self) { _ = try await signedIn.events(lastEventID: "not-a-number") }
    guard case .badRequest? = forged else {
      Issue.record("a forged Last-Event-ID is a bad request, not \(String(describing: forged))")
      return
    }
    live.isOffline = true
    await #expect(throws: APIError.offline) { _ = try await signedIn.events() }
  }
}
