import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct LeaveAPITests {
  let app: TestApp
  let eva: SessionTokens
  let mario: SessionTokens
  let ana: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
    mario = try app.login("mario")
    ana = try app.login("ana")
  }

  @discardableResult
  func ask(_ json: String, as tokens: SessionTokens? = nil) -> HTTPResponse {
    app.send(.leave(.create), json: json, token: (tokens ?? eva).accessToken)
  }

  func saved(_ response: HTTPResponse) throws -> SavedLeave {
    try JSONText.decode(SavedLeave.self, from: response)
  }

  @Test func impossibleDatesAreBadRequests() {
    let impossible = ask(#"{"start": "2026-02-30", "end": "2026-03-02"}"#)
    #expect(impossible.status == 400)
    #expect(impossible.problem?.errors?.first?.field == "start")
    let reversed = ask(#"{"start": "2026-03-06", "end": "2026-03-02"}"#)
    #expect(reversed.status == 400)
    #expect(reversed.problem?.errors?.first?.field == "end")
  }

  @Test func aRequestWithoutWorkingDaysIs422() {
    let weekend = ask(#"{"start": "2026-03-07", "end": "2026-03-08"}"#)
    #expect(weekend.status == 422)
    #expect(weekend.problem?.detail?.contains("no working days") == true)
  }

  @Test func overlappingRequestsAreRefusedNamingTheClash() throws {
    _ = try saved(ask(#"{"start": "2026-04-06", "end": "2026-04-10"}"#))
    let clash = ask(#"{"start": "2026-04-10", "end": "2026-04-14"}"#)
    #expect(clash.status == 409)
    #expect(clash.problem?.detail == "These dates overlap your pending request for 6–10 April 2026.")
    // Half days that do not meet are fine.
    #expect(ask(#"{"start": "2026-04-13", "end": "2026-04-13", "endHalf": "morning"}"#).status == 201)
    #expect(ask(#"{"start": "2026-04-13", "end": "2026-04-13", "startHalf": "afternoon"}"#).status == 201)
  }

  @Test func goingOverTheBalanceIs422WithTheNumbers() throws {
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    // Six weeks of working days: more than 23 (+ carried days that would expire on March 31).
    let tooMuch = ask(#"{"start": "2026-06-01", "end": "2026-07-10"}"#)
    #expect(tooMuch.status == 422)
    let detail = try #require(tooMuch.problem?.detail)
    #expect(detail.contains("30 working days"), "\(detail)")
    #expect(detail.contains("2026"))
    let after = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    #expect(after.remaining == year.remaining, "nothing was saved")
  }

  @Test func aNegativeBalanceIsAllowedWhenThePolicySaysSo() throws {
    #expect(
      app.send(
        .leaveSettings(.updatePolicy), json: #"{"allowNegativeBalance": true, "fromYear": 2026}"#,
        token: ana.accessToken
      ).status
        == 200)
    #expect(ask(#"{"start": "2026-06-01", "end": "2026-07-10"}"#).status == 201)
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    #expect(year.remaining < .zero)
  }

  @Test func aRequestAcrossNewYearChargesEachYear() throws {
    let request = try saved(ask(#"{"start": "2026-12-28", "end": "2027-01-08"}"#))
    // Monday 28 to Thursday 31 December, then Friday 1 and Monday 4 to Friday 8 January.
    #expect(request.request.perYear == ["2026": HalfDays(days: 4), "2027": HalfDays(days: 6)])
    let year2026 = try JSONText.decode(
      LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    let year2027 = try JSONText.decode(
      LeaveYear.self, from: app.send(.leave(.mine(year: 2027)), token: eva.accessToken))
    #expect(year2026.pending == HalfDays(days: 4))
    #expect(year2027.pending == HalfDays(days: 6))
    #expect(year2027.requests.map(\.id) == [request.request.id])
  }

  @Test func holidaysComeOffAndAddingOneRecountsRequests() throws {
    let madrid = eva.user.location.id
    let request = try saved(ask(#"{"start": "2026-05-04", "end": "2026-05-08"}"#))
    #expect(request.request.days == HalfDays(days: 5))
    let holiday = app.send(
      .leaveSettings(.createHoliday),
      json: #"{"locationId": "\#(madrid)", "date": "2026-05-06", "name": "Fiesta", "half": "afternoon"}"#,
      token: ana.accessToken)
    #expect(holiday.status == 201)
    let recounted = try JSONText.decode(
      LeaveDetail.self, from: app.send(.leave(.detail(id: request.request.id)), token: eva.accessToken))
    #expect(recounted.request.days == HalfDays(halves: 9))
    let preview = try JSONText.decode(
      LeavePreview.self,
      from: app.send(
        .leave(.preview(LeaveQuery(start: CalendarDate("2026-05-06")!, end: CalendarDate("2026-05-06")!))),
        token: eva.accessToken))
    #expect(preview.days == HalfDays(halves: 1))
    let holidays = try JSONText.decode(
      Page<HolidayBody>.self,
      from: app.send(.leaveSettings(.holidays(locationID: nil, year: 2026)), token: eva.accessToken))
    #expect(holidays.items.map(\.name) == ["Fiesta"])
    let id = try JSONText.decode(HolidayBody.self, from: holiday).id
    #expect(app.send(.leaveSettings(.deleteHoliday(id: id)), token: eva.accessToken).status == 403)
    #expect(app.send(.leaveSettings(.deleteHoliday(id: id)), token: ana.accessToken).status == 204)
    let restored = try JSONText.decode(
      LeaveDetail.self, from: app.send(.leave(.detail(id: request.request.id)), token: eva.accessToken))
    #expect(restored.request.days == HalfDays(days: 5))
  }

  @Test func aTypeWithoutApprovalIsApprovedAtOnceAndMayNotCount() throws {
    let created = app.send(
      .leaveSettings(.createLeaveType),
      json: #"{"name": "Sick leave", "countsAgainstAllowance": false, "needsApproval": false}"#,
      token: ana.accessToken)
    #expect(created.status == 201)
    let type = try JSONText.decode(LeaveTypeBody.self, from: created)
    let before = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: nil)), token: eva.accessToken))
    let sick = try saved(ask(#"{"start": "2026-03-03", "end": "2026-03-04", "typeId": "\#(type.id)"}"#))
    #expect(sick.request.status == .approved)
    #expect(sick.request.type.name == "Sick leave")
    let after = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: nil)), token: eva.accessToken))
    #expect(after.remaining == before.remaining)
    // An inactive type cannot be chosen any more.
    #expect(
      app.send(.leaveSettings(.updateLeaveType(id: type.id)), json: #"{"active": false}"#, token: ana.accessToken)
        .status == 200)
    #expect(ask(#"{"start": "2026-03-10", "end": "2026-03-10", "typeId": "\#(type.id)"}"#).status == 400)
  }

  @Test func theOwnerChangesAPendingRequestAndTheHistoryKeepsIt() throws {
    let request = try saved(ask(#"{"start": "2026-04-06", "end": "2026-04-10"}"#))
    let changed = app.send(
      .leave(.change(id: request.request.id)), json: #"{"end": "2026-04-08", "note": "Shorter"}"#,
      token: eva.accessToken)
    #expect(changed.status == 200)
    let body = try saved(changed)
    #expect(body.request.days == HalfDays(days: 3))
    #expect(body.request.note == "Shorter")
    #expect(
      app.send(.leave(.change(id: request.request.id)), json: #"{"note": "x"}"#, token: mario.accessToken).status == 403
    )
    let detail = try JSONText.decode(
      LeaveDetail.self, from: app.send(.leave(.detail(id: request.request.id)), token: eva.accessToken))
    #expect(detail.history.map(\.action) == ["create", "change"])
    #expect(detail.history.first?.details == "6–10 April 2026")
    #expect(detail.history.last?.details == "6–10 April 2026 → 6–8 April 2026")
    let spanish = try JSONText.decode(
      LeaveDetail.self,
      from: app.send(
        .leave(.detail(id: request.request.id)), token: eva.accessToken, headers: [("Accept-Language", "es")]))
    #expect(spanish.history.last?.details == "6–10 de abril de 2026 → 6–8 de abril de 2026")
    // Approved requests cannot be changed.
    #expect(app.send(.approvals(.approve(id: request.request.id)), token: mario.accessToken).status == 200)
    let late = app.send(.leave(.change(id: request.request.id)), json: #"{"note": "again"}"#, token: eva.accessToken)
    #expect(late.status == 409)
    #expect(late.problem?.detail?.contains("approved") == true)
  }

  @Test func cancellingAnApprovedRequestWorksOnlyBeforeItStarts() throws {
    // Today is 2026-03-02 in the test clock.
    let soon = try saved(ask(#"{"start": "2026-03-03", "end": "2026-03-04"}"#))
    let now = try saved(ask(#"{"start": "2026-03-02", "end": "2026-03-02"}"#))
    for id in [soon.request.id, now.request.id] {
      #expect(app.send(.approvals(.approve(id: id)), token: mario.accessToken).status == 200)
    }
    #expect(app.send(.leave(.cancel(id: soon.request.id)), token: eva.accessToken).status == 200)
    let started = app.send(.leave(.cancel(id: now.request.id)), token: eva.accessToken)
    #expect(started.status == 409)
    #expect(started.problem?.detail?.contains("started") == true)
    // A manager reopens it instead, and then it can be cancelled.
    #expect(app.send(.approvals(.reopen(id: now.request.id)), token: mario.accessToken).status == 200)
    #expect(app.send(.leave(.cancel(id: now.request.id)), token: eva.accessToken).status == 200)
  }

  @Test func conflictsNameTeammatesOff() throws {
    let pablo = try app.login("pablo.ruiz")
    #expect(ask(#"{"start": "2026-04-07", "end": "2026-04-08"}"#, as: pablo).status == 201)
    let mine = try saved(ask(#"{"start": "2026-04-06", "end": "2026-04-10"}"#))
    #expect(mine.conflicts.map(\.date.description) == ["2026-04-07", "2026-04-08"])
    #expect(mine.conflicts.first?.people.map(\.displayName) == ["Pablo Ruiz"])
  }

  @Test func approvalsListPendingOldestFirstWithPages() throws {
    var ids: [String] = []
    for day in 6...10 {
      ids.append(
        try saved(
          ask(
            #"{"start": "2026-04-\#(String(format: "%02d", day))", "end": "2026-04-\#(String(format: "%02d", day))"}"#)
        ).request.id)
      app.clock.advance(by: 1)
    }
    let first = try JSONText.decode(
      Page<ApprovalItem>.self,
      from: app.send(.approvals(.list(status: .pending, page: PageRequest(limit: 2))), token: mario.accessToken))
    #expect(first.items.map(\.request.id) == Array(ids.prefix(2)))
    let rest = try JSONText.decode(
      Page<ApprovalItem>.self,
      from: app.send(
        .approvals(.list(status: .pending, page: PageRequest(limit: 10, cursor: first.nextCursor))),
        token: mario.accessToken))
    #expect(rest.items.map(\.request.id) == Array(ids.dropFirst(2)))
    #expect(rest.nextCursor == nil)
    let all = try JSONText.decode(
      Page<ApprovalItem>.self, from: app.send(.approvals(.list(status: .all, page: .first)), token: ana.accessToken))
    #expect(all.items.map(\.request.id) == ids.reversed(), "newest start first")
    for decider in [mario, ana] {
      var paged: [String] = []
      var cursor: String?
      repeat {
        let page = try JSONText.decode(
          Page<ApprovalItem>.self,
          from: app.send(
            .approvals(.list(status: .all, page: PageRequest(limit: 2, cursor: cursor))), token: decider.accessToken))
        #expect(page.items.count == min(2, ids.count - paged.count))
        paged += page.items.map(\.request.id)
        cursor = page.nextCursor
      } while cursor != nil && paged.count < 20
      #expect(paged == ids.reversed(), "pages of two, newest start first, each request once")
    }
    #expect(app.send(.approvals(.list(status: .pending, page: .first)), token: eva.accessToken).status == 403)
  }

  @Test func nobodyFindsTheirOwnRequestsToDecide() throws {
    let own = try saved(ask(#"{"start": "2026-04-06", "end": "2026-04-06"}"#, as: ana))
    let all = try JSONText.decode(
      Page<ApprovalItem>.self, from: app.send(.approvals(.list(status: .all, page: .first)), token: ana.accessToken))
    #expect(!all.items.contains { $0.request.id == own.request.id })
    #expect(app.send(.approvals(.approve(id: own.request.id)), token: ana.accessToken).status == 403)
  }

  @Test func onlyTheNearestDeciderIsToldARequestWaits() throws {
    _ = try saved(ask(#"{"start": "2026-04-06", "end": "2026-04-06"}"#))
    let forMario = try app.database.read { try NoticeStore($0).notices(recipientID: mario.user.id) }
    let forAna = try app.database.read { try NoticeStore($0).notices(recipientID: ana.user.id) }
    #expect(forMario.map(\.kind) == ["approval.waiting"])
    #expect(forAna.isEmpty)
  }

  @Test func aManagerSeesTheLeaveOfEveryoneBelowYearByYear() throws {
    _ = try saved(ask(#"{"start": "2026-04-06", "end": "2026-04-06"}"#))
    let lucia = try app.login("lucia")
    let ofEva = app.send(.leave(.ofPerson(id: eva.user.id, year: 2026)), token: mario.accessToken)
    #expect(ofEva.status == 200)
    let body = try JSONText.decode(LeaveYear.self, from: ofEva)
    #expect(body.employee?.displayName == "Eva Fernández")
    #expect(body.requests.count == 1)
    #expect(
      app.send(.leave(.ofPerson(id: eva.user.id, year: 2025)), token: ana.accessToken).status == 200, "admins see all")
    #expect(app.send(.leave(.ofPerson(id: eva.user.id, year: nil)), token: lucia.accessToken).status == 404)
    let pablo = try app.login("pablo.ruiz")
    #expect(app.send(.leave(.ofPerson(id: eva.user.id, year: nil)), token: pablo.accessToken).status == 404)
  }

  @Test func allowanceOverridesChangeTheBalance() throws {
    // Read (and kept by the instance) before the change.
    let before = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    #expect(before.allowance == HalfDays(days: 23))
    let set = app.send(
      .leaveSettings(.setAllowance(id: eva.user.id, year: 2026)), json: #"{"days": 30.5}"#, token: ana.accessToken)
    #expect(set.status == 200)
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    #expect(year.allowance == HalfDays(halves: 61))
    #expect(
      app.send(
        .leaveSettings(.setAllowance(id: eva.user.id, year: 2026)), json: #"{"days": 30.3}"#, token: ana.accessToken
      ).status
        == 400)
    #expect(
      app.send(
        .leaveSettings(.setAllowance(id: eva.user.id, year: 2026)), json: #"{"days": 30}"#, token: mario.accessToken
      ).status
        == 403)
    #expect(
      app.send(.leaveSettings(.setAllowance(id: "nobody", year: 2026)), json: #"{"days": 30}"#, token: ana.accessToken)
        .status == 404)
  }

  @Test func thePolicyIsReadByAllAndChangedByAdmins() throws {
    let policy = try JSONText.decode(
      LeavePolicyBody.self, from: app.send(.leaveSettings(.policy(year: nil)), token: eva.accessToken))
    #expect(policy.defaultAllowance == HalfDays(days: 23))
    #expect(policy.carryOverUntil == "03-31")
    #expect(
      app.send(.leaveSettings(.updatePolicy), json: #"{"defaultAllowance": 25}"#, token: eva.accessToken).status == 403)
    #expect(
      app.send(.leaveSettings(.updatePolicy), json: #"{"carryOverUntil": "02-30"}"#, token: ana.accessToken).status
        == 400)
    // From this year on purpose: the answer says whose balances it moved.
    let changed = app.send(
      .leaveSettings(.updatePolicy), json: #"{"defaultAllowance": 25, "carryOverUntil": "06-30", "fromYear": 2026}"#,
      token: ana.accessToken)
    #expect(changed.status == 200)
    #expect(try JSONText.decode(LeavePolicyBody.self, from: changed).affectedPeople ?? 0 > 0)
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    #expect(year.allowance == HalfDays(days: 25))
    #expect(year.carriedOverUntil.description == "2026-06-30")
  }

  @Test func aNewWeekendRecountsRequests() throws {
    let request = try saved(ask(#"{"start": "2026-03-09", "end": "2026-03-15"}"#))
    #expect(request.request.days == HalfDays(days: 5))
    let location = app.send(
      .places(.updateLocation(id: eva.user.location.id)), json: #"{"weekendDays": [5, 6]}"#, token: ana.accessToken)
    #expect(location.status == 200)
    let detail = try JSONText.decode(
      LeaveDetail.self, from: app.send(.leave(.detail(id: request.request.id)), token: eva.accessToken))
    #expect(detail.request.days == HalfDays(days: 5), "Monday-Thursday and Sunday")
    // Friday and Saturday are the weekend now.
    #expect(ask(#"{"start": "2026-03-20", "end": "2026-03-21"}"#).status == 422)
  }
}
