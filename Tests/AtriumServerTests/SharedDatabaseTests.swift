import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumServer
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Two instances on one database (`TestApp(secondInstanceOf:)`), as behind a proxy: what one
/// instance learns, the other acts on, on either engine.
@Suite(.checksBalanceRows) struct SharedDatabaseTests {
  @Test func theEleventhWrongPasswordIsRefusedWhicheverInstanceGotTheFirstTen() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let wrong = #"{"username": "eva", "password": "wrong-password"}"#
    for attempt in 0..<10 {
      let instance = attempt.isMultiple(of: 2) ? first : second
      #expect(instance.send("POST", "/api/v1/auth/login", json: wrong).status == 401)
    }
    for instance in [first, second] {
      let refused = instance.send("POST", "/api/v1/auth/login", json: wrong)
      #expect(refused.status == 429)
      #expect(refused.headers["Retry-After"] != nil)
    }
  }

  @Test func signingOutEverywhereOnOneInstanceStopsTheTokenOnTheOther() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let eva = try first.login("eva")
    // The second instance has checked (and could have cached) the token before.
    #expect(second.send("GET", "/api/v1/me", token: eva.accessToken).status == 200)
    first.clock.advance(by: 1)
    let ended = first.send(.auth(.logout(everywhere: true)), token: eva.accessToken)
    #expect(ended.status == 204, "\(ended.text)")
    // At once on the instance that made the change.
    #expect(first.send("GET", "/api/v1/me", token: eva.accessToken).status == 401)
    // The other instance may have kept eva for under a second: a NOTIFY (PostgreSQL) or the
    // lapse of what it kept makes it look again. Waits up to 10 s; the bench measures the second.
    #expect(waitUntil({ second.send("GET", "/api/v1/me", token: eva.accessToken).status == 401 }, deadline: 10))
  }

  @Test func aPasswordChangeOnOneInstanceStopsTheOldTokenOnTheOther() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let eva = try first.login("eva")
    #expect(second.send("GET", "/api/v1/me", token: eva.accessToken).status == 200)
    first.clock.advance(by: 1)
    let changed = first.send(
      "POST", "/api/v1/me/password", json: #"{"current": "atrium-demo", "new": "a-much-longer-secret-9"}"#,
      token: eva.accessToken)
    #expect(changed.status == 200, "\(changed.text)")
    #expect(waitUntil({ second.send("GET", "/api/v1/me", token: eva.accessToken).status == 401 }, deadline: 10))
  }

  @Test func anEventAppendedOnOneInstanceReachesAStreamHeldByTheOther() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let server = try second.startedServer()
    defer { server.stop() }
    let mario = try second.login("mario")
    let stream = try EventStreamReader(port: server.port, token: mario.accessToken)
    #expect(waitUntil { second.app.openEventStreams == 1 })
    let eva = try first.login("eva")
    let created = first.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva.accessToken)
    #expect(created.status == 201)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    // Nothing tells the second instance but the shared database.
    #expect(try stream.next(named: "approvals").data.contains(id))
  }

  /// What a balance shown is made of and each instance keeps: the company's policy, and a
  /// person's allowance set by hand.
  enum BalanceChange: CaseIterable, Sendable { case policy, allowance }

  /// Changed on one instance, the balance both show moves.
  @Test(arguments: BalanceChange.allCases)
  func aChangeOnOneInstanceMovesTheBalanceShownByBoth(_ change: BalanceChange) throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let ana = try first.login("ana")
    let eva = try first.login("eva")
    func allowance(_ instance: TestApp) throws -> HalfDays {
      try JSONText.decode(LeaveYear.self, from: instance.send(.leave(.mine(year: 2027)), token: eva.accessToken))
        .allowance
    }
    // Both instances have read (and could have kept) what the change moves before.
    #expect(try allowance(first) == HalfDays(days: 23) && allowance(second) == HalfDays(days: 23))
    let changed =
      switch change {
      case .policy:
        first.send(.leaveSettings(.updatePolicy), json: #"{"defaultAllowance": 25}"#, token: ana.accessToken)
      case .allowance:
        first.send(
          .leaveSettings(.setAllowance(id: eva.user.id, year: 2027)), json: #"{"days": 25}"#, token: ana.accessToken)
      }
    #expect(changed.status == 200, "\(changed.text)")
    #expect(try allowance(first) == HalfDays(days: 25))
    #expect(waitUntil({ (try? allowance(second)) == HalfDays(days: 25) }, deadline: 10))
  }

  /// The badge every page shows counts a company notice posted on one instance, and stops
  /// counting it when it is marked read there: at once on that instance, within the deadline
  /// on the other, which keeps the count it read for a moment.
  @Test func aCompanyNoticePostedAndReadOnOneInstanceMovesTheBadgeShownByBoth() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let ana = try first.login("ana")
    let eva = try first.login("eva")
    func unread(_ instance: TestApp) throws -> Int {
      try JSONText.decode(Badge.self, from: instance.send(.board(.badge), token: eva.accessToken)).unread
    }
    let before = try unread(first)
    #expect(try unread(second) == before)
    let posted = first.send(.board(.post), json: #"{"title": "Fire drill", "body": "At 11"}"#, token: ana.accessToken)
    #expect(posted.status == 201, "\(posted.text)")
    #expect(try unread(first) == before + 1)
    #expect(waitUntil({ (try? unread(second)) == before + 1 }, deadline: 10))
    let notice = try JSONText.decode(BoardItem.self, from: posted)
    #expect(first.send(.board(.markRead(id: notice.id)), token: eva.accessToken).status == 204)
    #expect(try unread(first) == before)
    #expect(waitUntil({ (try? unread(second)) == before }, deadline: 10))
  }
}
