import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// Approvals: a list per status (pending first), approve, reject and reopen, rows updated at
/// once, and decisions made offline sent later with their refusals reported.
@MainActor
public final class ApprovalsViewModel: ScreenModel<ApprovalsViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let id: String
    public let name: String
    public let dates: String
    public let days: String
    public let status: String
    /// The leave type's name.
    public let type: String
    public let canApprove: Bool
    public let canReopen: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var filter = ApprovalFilter.pending
    public var rows: [Row] = []
    public var screenStatus = ScreenStatus()
    public var emptyText: String?
    public var message: String?
    public var waitingWrites = 0

    public init() {}
  }

  private let repository: any ApprovalsRepository

  public init(repository: any ApprovalsRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async { await load() }

  public func filterChanged(to filter: ApprovalFilter) async {
    state.filter = filter
    await load()
  }

  public func approveTapped(id: String) async { await decide(.approve, id) }
  public func rejectTapped(id: String) async { await decide(.reject, id) }
  public func reopenTapped(id: String) async { await decide(.reopen, id) }

  /// A live event from `ClientSession.events()`: a change to the approvals (or a reset)
  /// reloads the list.
  public func eventReceived(_ event: ServerEvent) async {
    if event.name == "approvals" || event.name == "reset" { await load() }
  }

  public func networkReturned() async {
    let results = await repository.replayOutbox()
    let refusals = results.compactMap(\.refusal)
    state.message =
      refusals.isEmpty
      ? nil : AppText.notSent(reasons: refusals.joined(separator: " ")).text(in: language)
    state.waitingWrites = repository.waitingWrites
    await load()
  }

  private func decide(_ action: LeaveAction, _ id: String) async {
    var next = state
    next.clearFailure()
    do {
      switch try await repository.decide(action, on: id, reason: nil) {
      case .done:
        // The row leaves a list it no longer belongs to at once; the reload confirms.
        if state.filter != .all { next.rows.removeAll { $0.id == id } }
        state = next
        await load()
        return
      case .queued:
        next.rows.removeAll { $0.id == id && state.filter != .all }
        next.message =
          AppText.savedForLater.text(in: language)
        next.waitingWrites = repository.waitingWrites
      }
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  private func load() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cached(state.filter) { next.rows = cached.map(row) } else { next.rows = [] }
    state = next
    do {
      next.rows = try await repository.list(state.filter).map(row)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    next.emptyText = next.rows.isEmpty ? AppText.nothingHere.text(in: language) : nil
    next.waitingWrites = repository.waitingWrites
    state = next
  }

  private func row(_ item: ApprovalItem) -> Row {
    let request = item.request
    return Row(
      id: request.id, name: item.employee.displayName, dates: LeaveTexts.dates(request),
      days: LeaveTexts.days(request.days, in: language), status: LeaveTexts.status(request.status, in: language),
      type: request.type.name, canApprove: request.status == .pending,
      canReopen: request.status == .approved || request.status == .rejected)
  }
}
