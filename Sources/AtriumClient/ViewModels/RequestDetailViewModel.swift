import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// A request in context, for deciding on it: the request, the employee's other requests that
/// year and remaining days, who else is off, its history, and approve / reject / back to
/// pending (sent later when offline, like the approvals list).
@MainActor
public final class RequestDetailViewModel: ScreenModel<RequestDetailViewModel.State> {
  public struct Other: Equatable, Sendable {
    public let id: String
    public let dates: String
    public let days: String
    public let status: String
    /// The leave type's name.
    public let type: String
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var name = ""
    public var position = ""
    public var photoPath: String?
    public var dates = ""
    public var days = ""
    public var type = ""
    public var status = ""
    public var note: String?
    public var remaining = ""
    public var others: [Other] = []
    /// "2026-04-06: Mario Ruiz, Lucía Gil".
    public var alsoOff: [String] = []
    /// "2 Mar 2026, 10:00 · Mario Ruiz: approved".
    public var history: [String] = []
    public var canApprove = false
    public var canReject = false
    public var canReopen = false
    public var isWorking = false
    public var screenStatus = ScreenStatus()
    public var message: String?

    public init() {}
  }

  private let requestID: String
  private let repository: any ApprovalsRepository
  private let timeZone: TimeZone

  public init(
    requestID: String, repository: any ApprovalsRepository, language: ClientLanguage = .en,
    timeZone: TimeZone = .current
  ) {
    self.requestID = requestID
    self.repository = repository
    self.timeZone = timeZone
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cachedDetail(requestID) { show(cached, in: &next) }
    state = next
    do {
      show(try await repository.detail(requestID), in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  public func approveTapped() async { await decide(.approve, reason: nil) }
  public func rejectTapped(reason: String? = nil) async { await decide(.reject, reason: reason) }
  public func reopenTapped(reason: String? = nil) async { await decide(.reopen, reason: reason) }

  /// Sends the decisions saved offline, then shows the request as it now is.
  public func networkReturned() async {
    let refusals = await repository.replayOutbox().compactMap(\.refusal)
    state.message =
      refusals.isEmpty
      ? nil : AppText.notSent(reasons: refusals.joined(separator: " ")).text(in: language)
    await appeared()
  }

  private func decide(_ action: LeaveAction, reason: String?) async {
    var next = state
    next.isWorking = true
    next.clearFailure()
    next.message = nil
    (next.canApprove, next.canReject, next.canReopen) = (false, false, false)
    state = next
    do {
      switch try await repository.decide(action, on: requestID, reason: reason) {
      case .done:
        next.isWorking = false
        state = next
        await appeared()
        return
      case .queued:
        next.message =
          AppText.savedForLater.text(in: language)
      }
    } catch {
      next.fail(error, in: language)
      if let cached = repository.cachedDetail(requestID) { show(cached, in: &next) }
    }
    next.isWorking = false
    state = next
  }

  private func show(_ detail: LeaveDetail, in next: inout State) {
    let request = detail.request
    next.name = detail.employee.displayName
    next.position = detail.employee.position
    next.photoPath = detail.employee.photoURL
    next.dates = LeaveTexts.dates(request)
    next.days = LeaveTexts.days(request.days, in: language)
    next.type = request.type.name
    next.status = LeaveTexts.status(request.status, in: language)
    next.note = request.note.isEmpty ? nil : request.note
    next.remaining = LeaveTexts.left(detail.remaining, in: language)
    next.others = detail.otherRequests.map {
      Other(
        id: $0.id, dates: LeaveTexts.dates($0), days: LeaveTexts.days($0.days, in: language),
        status: LeaveTexts.status($0.status, in: language), type: $0.type.name)
    }
    next.alsoOff = detail.conflicts.map { "\($0.date): " + $0.people.map(\.displayName).joined(separator: ", ") }
    next.history = detail.history.map {
      ClientDates.instant($0.at, in: language, timeZone: timeZone) + " · \($0.actor.displayName): "
        + LeaveTexts.status($0.to, in: language).lowercased()
    }
    next.canApprove = request.status == .pending
    next.canReject = request.status == .pending
    next.canReopen = request.status == .approved || request.status == .rejected
  }
}
