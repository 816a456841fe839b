import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// `GET /api/v1/events` over a real socket: events arrive as changes happen, only for the
/// people they concern, and a reconnect is replayed what it missed.
@Suite(.serialized, .checksBalanceRows) struct LiveEventTests {
  let app: TestApp
  let server: HTTPServer

  init() throws {
    app = try TestApp(eventHeartbeat: .milliseconds(300))
    server = try app.startedServer()
  }

  func askForLeave(_ token: String, on day: String = "2026-04-06") throws -> LeaveRequestBody {
    let created = app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: token)
    #expect(created.status == 201)
    return try JSONText.decode(SavedLeave.self, from: created).request
  }

  @Test func aDecisionReachesTheRequesterAndTheDecidersAsItHappens() throws {
    defer { server.stop() }
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let ana = try app.login("ana")
    let evaStream = try EventStreamReader(port: server.port, token: eva.accessToken)
    #expect(evaStream.head.status == 200)
    #expect(evaStream.head.header("Content-Type") == "text/event-stream; charset=utf-8")
    let marioStream = try EventStreamReader(port: server.port, token: mario.accessToken)
    let anaStream = try EventStreamReader(port: server.port, token: ana.accessToken)
    #expect(waitUntil { app.app.openEventStreams == 3 })

    let request = try askForLeave(eva.accessToken)
    let waiting = try marioStream.next(named: "approvals")
    #expect(waiting.data.contains(#""requestId":"\#(request.id)""#))
    #expect(waiting.data.contains(#""status":"pending""#))
    let marioNotice = try marioStream.next(named: "notice")
    #expect(marioNotice.data.contains(#""kind":"approval.waiting""#))
    #expect(try anaStream.next(named: "approvals").data.contains(request.id))

    let approved = app.send(.approvals(.approve(id: request.id)), token: mario.accessToken)
    #expect(approved.status == 200)
    let decision = try evaStream.next(named: "notice")
    #expect(decision.data.contains(#""kind":"leave.approve""#))
    #expect(decision.data.contains("approved"))
    #expect(try marioStream.next(named: "approvals").data.contains(#""status":"approved""#))
    // The requester is not a decider of her own request.
    let evaNext = try evaStream.next()
    #expect(evaNext.name == "comment", "eva got \(evaNext)")
  }

  @Test func aReconnectIsReplayedWhatItMissedAndNothingElse() throws {
    defer { server.stop() }
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let first = try askForLeave(eva.accessToken)
    var lastSeen: String
    do {
      let stream = try EventStreamReader(port: server.port, token: eva.accessToken)
      #expect(waitUntil { app.app.openEventStreams == 1 })
      #expect(app.send(.approvals(.approve(id: first.id)), token: mario.accessToken).status == 200)
      lastSeen = try #require(try stream.next(named: "notice").id)
    }
    // While eva is away: decisions on two more requests, and a company notice for everyone.
    let second = try askForLeave(try app.login("eva").accessToken, on: "2026-05-04").id
    #expect(app.send(.approvals(.approve(id: second)), token: mario.accessToken).status == 200)
    let third = try askForLeave(try app.login("eva").accessToken, on: "2026-05-05").id
    #expect(app.send(.approvals(.reject(id: third)), token: mario.accessToken).status == 200)
    let ana = try app.login("ana")
    #expect(
      app.send(.board(.post), json: #"{"title": "Lunch at one", "body": "x"}"#, token: ana.accessToken).status == 201)

    let again = try EventStreamReader(port: server.port, token: eva.accessToken, lastEventID: lastSeen)
    var replayed: [EventStreamReader.Event] = []
    // Heartbeats come between; a bound keeps a missing event from hanging the test.
    for _ in 0..<100 where replayed.count < 3 {
      let event = try again.next()
      if event.name != "comment" { replayed.append(event) }
    }
    #expect(replayed.map(\.name) == ["notice", "notice", "notice"])
    #expect(replayed[0].data.contains("leave.approve"))
    #expect(replayed[1].data.contains("leave.reject"))
    #expect(replayed[2].data.contains("Lunch at one"))
    #expect(replayed.compactMap { $0.id.flatMap(Int.init) } == replayed.compactMap { $0.id.flatMap(Int.init) }.sorted())
    let firstReplayed = try #require(replayed[0].id.flatMap { Int($0) })
    #expect(firstReplayed > Int(lastSeen)!)
  }

  @Test func companyNoticesReachOnlyTheirAudience() throws {
    defer { server.stop() }
    let ana = try app.login("ana")
    let departments = try JSONText.decode(
      Page<DepartmentBody>.self, from: app.send(.places(.departments(.first)), token: ana.accessToken))
    let sales = try #require(departments.items.first { $0.name == "Sales" }).id
    let lucia = try EventStreamReader(port: server.port, token: try app.login("lucia").accessToken)
    let eva = try EventStreamReader(port: server.port, token: try app.login("eva").accessToken)
    #expect(waitUntil { app.app.openEventStreams == 2 })
    let posted = app.send(
      .board(.post),
      json: #"{"title": "Sales kick-off", "body": "x", "audience": "department", "audienceId": "\#(sales)"}"#,
      token: ana.accessToken)
    #expect(posted.status == 201)
    #expect(try lucia.next(named: "notice").data.contains("Sales kick-off"))
    // eva (Engineering) hears only heartbeats meanwhile.
    for _ in 0..<3 { #expect(try eva.next().name == "comment") }
  }

  @Test func refusesAnonymousCallersAndForgedEventIDs() throws {
    defer { server.stop() }
    let anonymous = try EventStreamReader(port: server.port, token: nil)
    #expect(anonymous.head.status == 401)
    #expect(anonymous.head.header("Content-Type") == "application/problem+json")
    let eva = try app.login("eva")
    let forged = try EventStreamReader(port: server.port, token: eva.accessToken, lastEventID: "1 OR 1=1")
    #expect(forged.head.status == 400)
    #expect(app.app.openEventStreams == 0)
  }

  @Test func aStreamEndsWhenItsAccessTokenExpires() throws {
    defer { server.stop() }
    let eva = try app.login("eva")
    let stream = try EventStreamReader(port: server.port, token: eva.accessToken)
    #expect(try stream.next().name == "comment")
    app.clock.advance(by: 16 * 60)
    #expect(stream.endsBeforeAnyEvent())
    #expect(waitUntil { app.app.openEventStreams == 0 })
  }

  @Test func audiencesIncludeExactlyTheirListeners() {
    let eva = EventListener(employeeID: "eva", departmentID: "eng", locationID: "mad", role: .employee)
    let ana = EventListener(employeeID: "ana", departmentID: "ppl", locationID: "mad", role: .admin)
    #expect(EventAudience.person(id: "eva").includes(eva))
    #expect(!EventAudience.person(id: "eva").includes(ana))
    #expect(EventAudience.everyone.includes(eva) && EventAudience.everyone.includes(ana))
    #expect(EventAudience.department(id: "eng").includes(eva))
    #expect(!EventAudience.department(id: "eng").includes(ana))
    #expect(EventAudience.location(id: "mad").includes(ana))
    #expect(!EventAudience.admins(except: nil).includes(eva))
    #expect(EventAudience.admins(except: "eva").includes(ana))
    #expect(!EventAudience.admins(except: "ana").includes(ana))
  }
}
