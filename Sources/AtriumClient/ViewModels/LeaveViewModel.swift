import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// The time-off screen: the year's figures and requests (from the cache at once, then fresh),
/// a year switcher, the request form's preview and sending, cancelling, and what happened to
/// writes made offline. Inputs are what the person did; `state` is everything the screen shows,
/// texts already written.
@MainActor
public final class LeaveViewModel: ScreenModel<LeaveViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let id: String
    public let dates: String
    public let days: String
    public let status: String
    /// The leave type's name, so a week filed under the wrong type is seen.
    public let type: String
    public let canCancel: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var title = ""
    public var screenStatus = ScreenStatus()
    /// The year's own allowance: `23 days this year`.
    public var allowance = ""
    /// Days carried over from last year, with their deadline or what expired on it; nil when
    /// none were carried.
    public var carried: String?
    /// allowance + carried − expired − approved − pending = left, written out.
    public var sum = ""
    public var remaining = ""
    public var pending = ""
    public var requests: [Row] = []
    public var preview: String?
    public var isSendEnabled = false
    public var message: String?
    public var waitingWrites = 0

    public init() {}
  }

  /// Called with every new state (tests record the sequence; apps rarely need it).

  private let repository: any LeaveRepository
  private var year: Int?
  private var pendingRequest: NewLeaveRequest?

  public init(repository: any LeaveRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  // MARK: - Inputs

  public func appeared() async {
    await load()
  }

  public func yearChanged(to year: Int) async {
    self.year = year
    await load()
  }

  /// Asks the server what the request would take. Offline the days cannot be counted, but
  /// the request can still be saved and sent later: `isSendEnabled` stays on and the preview
  /// says so.
  public func previewTapped(
    start: CalendarDate, end: CalendarDate, startHalf: StartHalf = .full, endHalf: EndHalf = .full, note: String = ""
  )
    async
  {
    var next = state
    next.clearFailure()
    next.message = nil
    let request = NewLeaveRequest(
      start: start, end: end, startHalf: startHalf, endHalf: endHalf, note: note.isEmpty ? nil : note)
    do {
      let preview = try await repository.preview(
        LeaveQuery(start: start, end: end, startHalf: startHalf, endHalf: endHalf))
      pendingRequest = request
      let others = Set(preview.conflicts.flatMap { $0.people.map(\.displayName) }).sorted()
      next.preview =
        text(.takesWorkingDays(preview.days))
        + (others.isEmpty ? "" : " " + text(.alsoOff(names: others.joined(separator: ", "))))
        + (preview.refusal.map { " " + ($0.detail ?? $0.title) } ?? "")
      // What the server would refuse is said now, and the request is not offered for sending.
      next.isSendEnabled = preview.refusal == nil
    } catch .offline {
      pendingRequest = request
      next.fail(.offline, in: language)
      next.preview = text(.cannotCountOffline)
      next.isSendEnabled = true
    } catch {
      next.fail(error, in: language)
      next.preview = nil
      next.isSendEnabled = false
    }
    state = next
  }

  public func sendTapped() async {
    guard let request = pendingRequest else { return }
    var next = state
    next.isSendEnabled = false
    state = next
    do {
      switch try await repository.request(request) {
      case .done:
        next.message = text(.requestSent)
        pendingRequest = nil
        next.preview = nil
        state = next
        await load()
        return
      case .queued:
        next.message = text(.savedForLater)
        next.waitingWrites = repository.waitingWrites
        pendingRequest = nil
        next.preview = nil
      }
    } catch {
      next.fail(error, in: language)
      next.isSendEnabled = true
    }
    state = next
  }

  public func cancelTapped(id: String) async {
    var next = state
    do {
      switch try await repository.cancel(id) {
      case .done:
        await load()
        return
      case .queued:
        next.message = text(.savedForLater)
        next.waitingWrites = repository.waitingWrites
      }
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  /// A live event from `ClientSession.events()`: decisions on one's requests arrive as
  /// notices, so a notice (or a reset) reloads the year.
  public func eventReceived(_ event: ServerEvent) async {
    if event.name == "notice" || event.name == "reset" { await load() }
  }

  /// The network is back: send what waits, say what the server refused, and reload.
  public func networkReturned() async {
    let results = await repository.replayOutbox()
    var next = state
    next.waitingWrites = repository.waitingWrites
    let refusals = results.compactMap(\.refusal)
    next.message =
      refusals.isEmpty
      ? (results.isEmpty ? nil : text(.savedChangesSent)) : text(.notSent(reasons: refusals.joined(separator: " ")))
    state = next
    await load()
  }

  // MARK: - Loading

  private func load() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cachedYear(year) { show(cached, in: &next) } else if year != nil { clear(&next) }
    state = next
    do {
      let fresh = try await repository.year(year)
      show(fresh, in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    next.waitingWrites = repository.waitingWrites
    state = next
  }

  private func show(_ year: LeaveYear, in next: inout State) {
    next.title = String(year.year)
    next.allowance = BalanceMessage.allowance(year.allowance).text(in: language)
    next.carried = LeaveTexts.carried(year, in: language)
    next.sum = LeaveTexts.sum(year, in: language)
    next.remaining = LeaveTexts.left(year.remaining, in: language)
    next.pending = text(.pending(days: LeaveTexts.number(year.pending, in: language)))
    next.requests = year.requests.map { request in
      Row(
        id: request.id,
        dates: LeaveTexts.dates(request), days: LeaveTexts.days(request.days, in: language),
        status: LeaveTexts.status(request.status, in: language), type: request.type.name,
        canCancel: request.status == .pending || request.status == .approved)
    }
  }

  private func clear(_ next: inout State) {
    next.title = year.map(String.init) ?? ""
    next.allowance = ""
    next.carried = nil
    next.sum = ""
    next.remaining = ""
    next.pending = ""
    next.requests = []
  }

  // MARK: - Texts

  private func text(_ text: AppText) -> String { text.text(in: language) }
}
