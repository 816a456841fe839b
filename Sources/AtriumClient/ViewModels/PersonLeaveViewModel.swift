import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// Someone else's time off, for their manager or an admin: who they are, their allowance and
/// requests, one year at a time.
@MainActor
public final class PersonLeaveViewModel: ScreenModel<PersonLeaveViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let id: String
    public let dates: String
    public let days: String
    public let status: String
    public let type: String
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var name = ""
    public var position = ""
    public var photoPath: String?
    public var year: Int?
    /// The year's own allowance: `23 days in 2026`.
    public var allowance = ""
    /// Days carried over, with their deadline or what expired; nil when none were carried.
    public var carried: String?
    /// allowance + carried − expired − approved − pending = left, written out.
    public var sum = ""
    public var remaining = ""
    public var pending = ""
    public var rows: [Row] = []
    public var emptyText: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let personID: String
  private let repository: any PeopleRepository

  public init(personID: String, repository: any PeopleRepository, language: ClientLanguage = .en) {
    self.personID = personID
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async { await load(nil) }

  public func yearChanged(to year: Int) async { await load(year) }

  private func load(_ year: Int?) async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cachedLeave(of: personID, year: year) {
      show(cached, in: &next)
    } else if let year {
      // Never show one year's numbers under another year's title.
      (next.year, next.allowance, next.remaining, next.pending, next.rows) = (year, "", "", "", [])
      (next.carried, next.sum) = (nil, "")
    }
    state = next
    do {
      show(try await repository.leave(of: personID, year: year), in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    next.emptyText =
      next.rows.isEmpty && next.error == nil
      ? AppText.noRequestsThisYear.text(in: language) : nil
    state = next
  }

  private func show(_ leave: LeaveYear, in next: inout State) {
    if let employee = leave.employee {
      next.name = employee.displayName
      next.position = employee.position
      next.photoPath = employee.photoURL
    }
    let allowance = LeaveTexts.number(leave.allowance, in: language)
    next.year = leave.year
    next.allowance = AppText.daysInYear(days: allowance, year: leave.year).text(in: language)
    next.remaining = LeaveTexts.left(leave.remaining, in: language)
    next.carried = LeaveTexts.carried(leave, in: language)
    next.sum = LeaveTexts.sum(leave, in: language)
    next.pending = AppText.pending(days: LeaveTexts.number(leave.pending, in: language)).text(in: language)
    next.rows = leave.requests.map {
      Row(
        id: $0.id, dates: LeaveTexts.dates($0), days: LeaveTexts.days($0.days, in: language),
        status: LeaveTexts.status($0.status, in: language), type: $0.type.name)
    }
  }
}
