import AtriumAPI
import AtriumClient
import AtriumDomain
import Foundation
import Synchronization
import Testing

/// A repository that answers what each test sets and fails loudly on anything else.
final class FakeLeaveRepository: LeaveRepository, @unchecked Sendable {
  var cached: [Int?: LeaveYear] = [:]
  var years: [Int?: Result<LeaveYear, APIError>] = [:]
  var previewAnswer: Result<LeavePreview, APIError>?
  var requestAnswer: Result<WriteOutcome<SavedLeave>, APIError>?
  var replayAnswer: [ReplayResult]?
  var waiting = 0

  func cachedYear(_ year: Int?) -> LeaveYear? { cached[year] }

  func year(_ year: Int?) async throws(APIError) -> LeaveYear {
    guard let answer = years[year] else {
      Issue.record("unexpected year(\(String(describing: year)))")
      throw .offline
    }
    return try answer.get()
  }

  func preview(_ query: LeaveQuery) async throws(APIError) -> LeavePreview {
    guard let previewAnswer else {
      Issue.record("unexpected preview")
      throw .offline
    }
    return try previewAnswer.get()
  }

  func request(_ request: NewLeaveRequest) async throws(APIError) -> WriteOutcome<SavedLeave> {
    guard let requestAnswer else {
      Issue.record("unexpected request")
      throw .offline
    }
    if case .success(.queued) = requestAnswer { waiting += 1 }
    return try requestAnswer.get()
  }

  func cancel(_ id: String) async throws(APIError) -> WriteOutcome<LeaveRequestBody> {
    Issue.record("unexpected cancel")
    throw .offline
  }

  func replayOutbox() async -> [ReplayResult] {
    guard let replayAnswer else {
      Issue.record("unexpected replay")
      return []
    }
    waiting = 0
    return replayAnswer
  }

  var waitingWrites: Int { waiting }
}

enum Fixtures {
  static func year(_ year: Int, remaining: Int, requests: [LeaveRequestBody] = []) -> LeaveYear {
    let json = """
      {"year": \(year), "allowance": 23, "carriedOver": 5, "carriedOverUntil": "\(year)-03-31", "expired": 0,
       "approved": 0, "pending": \(28 - remaining), "remaining": \(remaining), "requests": []}
      """
    var decoded = try! JSONDecoder().decode(LeaveYear.self, from: Data(json.utf8))
    decoded.requests = requests
    return decoded
  }
}

@MainActor @Suite struct LeaveViewModelTests {
  func record(_ model: LeaveViewModel) -> () -> [LeaveViewModel.State] {
    let states = Mutex<[LeaveViewModel.State]>([])
    model.onChange = { state in states.withLock { $0.append(state) } }
    return { states.withLock { $0 } }
  }

  @Test func appeared_withCache_showsCachedThenFresh() async {
    let repository = FakeLeaveRepository()
    repository.cached[nil] = Fixtures.year(2026, remaining: 28)
    repository.years[nil] = .success(Fixtures.year(2026, remaining: 25))
    let model = LeaveViewModel(repository: repository)
    let states = record(model)
    await model.appeared()
    let seen = states()
    #expect(seen.map(\.isLoading) == [true, false])
    #expect(seen.map(\.remaining) == ["28 left", "25 left"])
    #expect(seen.last?.title == "2026" && seen.last?.allowance == "23 days this year")
    #expect(seen.last?.carried == "5 days carried over, usable until 31 March")
  }

  /// Issue 14 (3, 12): carried days that expired are said, and the figures add up in sight.
  @Test func theYearSaysWhatExpiredAndAddsUp() async throws {
    let json = """
      {"year": 2026, "allowance": 23, "carriedOver": 5, "carriedOverUntil": "2026-03-31", "expired": 3,
       "approved": 2, "pending": 0.5, "remaining": 22.5, "requests": []}
      """
    let year = try JSONDecoder().decode(LeaveYear.self, from: Data(json.utf8))
    for (language, carried, sum) in [
      (
        ClientLanguage.en, "3 of 5 days carried over expired on 31 March",
        "23 + 5 carried over − 3 expired − 2 approved − 0.5 pending = 22.5 left"
      ),
      (
        .es, "3 de 5 días del año pasado caducaron el 31 de marzo",
        "23 + 5 del año pasado − 3 caducados − 2 aprobados − 0,5 pendientes = quedan 22,5"
      ),
    ] {
      let repository = FakeLeaveRepository()
      repository.years[nil] = .success(year)
      let model = LeaveViewModel(repository: repository, language: language)
      await model.appeared()
      #expect(model.state.carried == carried)
      #expect(model.state.sum == sum)
    }
  }

  @Test func halfDaysAreWrittenInTheReadersLocale() async {
    let json = """
      {"year": 2026, "allowance": 23, "carriedOver": 5, "carriedOverUntil": "2026-03-31", "expired": 0,
       "approved": 0, "pending": 1.5, "remaining": 26.5, "requests": []}
      """
    let year = try! JSONDecoder().decode(LeaveYear.self, from: Data(json.utf8))
    for (language, remaining) in [(ClientLanguage.en, "26.5 left"), (.es, "Quedan 26,5")] {
      let repository = FakeLeaveRepository()
      repository.years[nil] = .success(year)
      let model = LeaveViewModel(repository: repository, language: language)
      await model.appeared()
      #expect(model.state.remaining == remaining)
    }
  }

  @Test func appeared_offlineWithoutCache_saysOffline() async {
    let repository = FakeLeaveRepository()
    repository.years[nil] = .failure(.offline)
    let model = LeaveViewModel(repository: repository, language: .es)
    let states = record(model)
    await model.appeared()
    #expect(states().last?.error == "Sin conexión.")
    #expect(states().last?.isLoading == false)
  }

  @Test func yearChanged_showsThatYearOnly() async {
    let repository = FakeLeaveRepository()
    repository.years[nil] = .success(Fixtures.year(2026, remaining: 25))
    repository.years[2025] = .success(Fixtures.year(2025, remaining: 3))
    let model = LeaveViewModel(repository: repository)
    let states = record(model)
    await model.appeared()
    await model.yearChanged(to: 2025)
    let seen = states()
    // While 2025 loads without a cache, nothing of 2026 is shown under its title.
    #expect(seen.contains { $0.title == "2025" && $0.remaining == "" && $0.isLoading })
    #expect(seen.last?.title == "2025" && seen.last?.remaining == "3 left")
  }

  @Test func send_whenOffline_queuesThenReportsARefusedReplay() async {
    let repository = FakeLeaveRepository()
    repository.years[nil] = .success(Fixtures.year(2026, remaining: 25))
    repository.previewAnswer = .success(
      try! JSONDecoder().decode(
        LeavePreview.self, from: Data(#"{"days": 3, "perYear": {"2026": 3}, "conflicts": []}"#.utf8)))
    repository.requestAnswer = .success(.queued)
    let model = LeaveViewModel(repository: repository)
    let states = record(model)
    await model.appeared()
    await model.previewTapped(
      start: CalendarDate(year: 2026, month: 4, day: 6)!, end: CalendarDate(year: 2026, month: 4, day: 8)!)
    #expect(model.state.preview == "Takes 3 working days.")
    #expect(model.state.isSendEnabled)
    await model.sendTapped()
    #expect(model.state.message == "Saved; it will be sent when you are online.")
    #expect(model.state.waitingWrites == 1)
    repository.replayAnswer = [ReplayResult(kind: "request", refusal: "It overlaps request 7.")]
    await model.networkReturned()
    #expect(model.state.message == "Not sent: It overlaps request 7.")
    #expect(model.state.waitingWrites == 0)
    #expect(states().contains { $0.isSendEnabled == false && $0.preview != nil }, "the button is off while sending")
  }

  /// Issue 15 (flows 3): what the server would refuse is said with the preview, and the
  /// request is not offered for sending.
  @Test func aPreviewTheServerWouldRefuseCannotBeSent() async {
    let repository = FakeLeaveRepository()
    repository.years[nil] = .success(Fixtures.year(2026, remaining: 25))
    repository.previewAnswer = .success(
      try! JSONDecoder().decode(
        LeavePreview.self,
        from: Data(
          #"{"days": 1, "perYear": {"2026": 1}, "conflicts": [], "refusal": {"type": "about:blank", "title": "Conflict", "status": 409, "detail": "These dates overlap your pending request of 6–10 April 2026."}}"#
            .utf8)))
    let model = LeaveViewModel(repository: repository)
    await model.appeared()
    await model.previewTapped(
      start: CalendarDate(year: 2026, month: 4, day: 8)!, end: CalendarDate(year: 2026, month: 4, day: 8)!)
    #expect(model.state.preview == "Takes 1 working day. These dates overlap your pending request of 6–10 April 2026.")
    #expect(!model.state.isSendEnabled)
  }

  @Test func previewOffline_cannotCountTheDaysButTheRequestCanWait() async {
    let repository = FakeLeaveRepository()
    repository.previewAnswer = .failure(.offline)
    repository.requestAnswer = .success(.queued)
    let model = LeaveViewModel(repository: repository)
    await model.previewTapped(
      start: CalendarDate(year: 2026, month: 4, day: 6)!, end: CalendarDate(year: 2026, month: 4, day: 6)!,
      note: "Dentist")
    #expect(model.state.isOffline && model.state.isSendEnabled)
    #expect(model.state.preview?.hasPrefix("The days cannot be counted offline") == true)
    await model.sendTapped()
    #expect(model.state.message == "Saved; it will be sent when you are online.")
    #expect(model.state.waitingWrites == 1 && !model.state.isSendEnabled)
  }

  @Test func anExpiredSession_showsSignedOut() async {
    let repository = FakeLeaveRepository()
    repository.years[nil] = .failure(.unauthorized)
    let model = LeaveViewModel(repository: repository)
    await model.appeared()
    #expect(model.state.isSignedOut)
    #expect(model.state.error == "Your session has ended; sign in again.")
  }
}
