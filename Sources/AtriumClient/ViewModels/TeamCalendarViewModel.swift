import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// The team calendar: a month of people by days, previous and next month, each cell a label
/// (A approved, P pending, H holiday, · weekend) so state never depends on colour alone.
@MainActor
public final class TeamCalendarViewModel: ScreenModel<TeamCalendarViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let name: String
    /// One label per day of the month, "" for an ordinary working day.
    public let cells: [String]
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var month = ""
    public var days: [Int] = []
    public var todayIndex: Int?
    public var rows: [Row] = []
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any CompanyRepository

  public init(repository: any CompanyRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async { await load(nil) }

  /// A month picked directly, `YYYY-MM`.
  public func monthChosen(_ month: String) async { await load(month) }

  public func nextMonthTapped() async { await load(Self.shift(state.month, by: 1)) }
  public func previousMonthTapped() async { await load(Self.shift(state.month, by: -1)) }

  private func load(_ month: String?) async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cachedCalendar(month) {
      show(cached, in: &next)
    } else if let month {
      next.month = month
      (next.days, next.rows, next.todayIndex) = ([], [], nil)
    }
    state = next
    do {
      show(try await repository.calendar(month), in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  private func show(_ calendar: TeamCalendar, in next: inout State) {
    next.month = calendar.month
    next.days = calendar.days.map(\.day)
    next.todayIndex = calendar.days.firstIndex(of: calendar.today)
    next.rows = calendar.people.map { person in
      let cells = Dictionary(person.days.map { ($0.date, $0) }) { first, _ in first }
      return Row(
        name: person.displayName,
        cells: calendar.days.map { day in
          cells[day].map(Self.label) ?? ""
        })
    }
  }

  /// A day's label: A approved, P pending (with ½ for half a day), H holiday, · weekend.
  nonisolated public static func label(_ cell: CalendarCell) -> String {
    switch cell.kind {
    case "leave": return (cell.status == .approved ? "A" : "P") + (cell.halves == 1 ? "½" : "")
    case "holiday": return cell.halves == 1 ? "H½" : "H"
    default: return "·"
    }
  }

  /// `2026-12` shifted by one month is `2027-01`.
  nonisolated public static func shift(_ month: String, by delta: Int) -> String? {
    let parts = month.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    let index = parts[0] * 12 + (parts[1] - 1) + delta
    return String(format: "%04d-%02d", index / 12, index % 12 + 1)
  }
}
