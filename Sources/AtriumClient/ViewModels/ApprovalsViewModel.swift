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
    /// The pending requests ticked for a decision taken on all of them at once.
    public var selected: Set<String> = []
    /// The question shown before a decision on the selected requests is sent.
    public var confirmation: String?

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

  public func approveTapped(id: String) async { await decide(.approve, id, reason: nil) }
  /// - Parameter reason: why; the company may require one (the server says so).
  public func rejectTapped(id: String, reason: String? = nil) async { await decide(.reject, id, reason: reason) }
  public func reopenTapped(id: String, reason: String? = nil) async { await decide(.reopen, id, reason: reason) }

  public func selectionToggled(id: String) {
    guard state.rows.contains(where: { $0.id == id && $0.canApprove }) else { return }
    if state.selected.contains(id) { state.selected.remove(id) } else { state.selected.insert(id) }
  }

  /// Asks before approving the selected requests; nothing is sent until `bulkConfirmed`.
  public func approveSelectedTapped() { askBulk(approve: true) }

  /// Asks before rejecting the selected requests, each with `reason`.
  public func rejectSelectedTapped(reason: String? = nil) {
    bulkReason = reason
    askBulk(approve: false)
  }

  public func bulkCancelled() {
    state.confirmation = nil
    bulkAction = nil
  }

  /// Sends the decision on every selected request; each one is taken or refused on its own.
  public func bulkConfirmed() async {
    guard let action = bulkAction, !state.selected.isEmpty else { return bulkCancelled() }
    let ids = state.rows.map(\.id).filter(state.selected.contains)
    let names = Dictionary(state.rows.map { ($0.id, $0.name) }) { first, _ in first }
    var next = state
    next.confirmation = nil
    next.clearFailure()
    bulkAction = nil
    do {
      let decisions = ids.map { DecisionBatch.Decision(requestId: $0, action: action, reason: bulkReason) }
      switch try await repository.decideAll(decisions) {
      case .done(let answer):
        let refusals = answer.results.filter { $0.request == nil }.map { result in
          "\(names[result.requestId] ?? result.requestId): \(result.problem?.detail ?? "HTTP \(result.status)")"
        }
        next.message =
          AppText.bulkDone(approve: action == .approve, done: answer.results.count - refusals.count, refusals: refusals)
          .text(in: language)
        next.selected = []
        state = next
        await load()
        return
      case .queued:
        next.message = AppText.savedForLater.text(in: language)
        next.selected = []
        next.waitingWrites = repository.waitingWrites
      }
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  private var bulkAction: DecisionBatch.Action?
  private var bulkReason: String?

  private func askBulk(approve: Bool) {
    guard !state.selected.isEmpty else { return }
    bulkAction = approve ? .approve : .reject
    state.confirmation = AppText.confirmBulk(approve: approve, count: state.selected.count).text(in: language)
  }

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

  private func decide(_ action: LeaveAction, _ id: String, reason: String?) async {
    var next = state
    next.clearFailure()
    do {
      switch try await repository.decide(action, on: id, reason: reason) {
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
    next.selected.formIntersection(next.rows.filter(\.canApprove).map(\.id))
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
