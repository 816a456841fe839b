import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// My mates and where those who share with me checked in: refreshed when the screen appears
/// and on each `presence` live event (`eventReceived`); mates are added from a person's
/// page or the directory and removed here.
@MainActor
public final class MatesViewModel: ScreenModel<MatesViewModel.State> {
  public struct Row: Equatable, Sendable, Identifiable {
    public let id: String
    public let name: String
    /// "At Madrid — Castellana since 09:05", or where they were last.
    public let whereabouts: String
    public let buildingID: String
    public let isThereNow: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var rows: [Row] = []
    /// Said when no mate shares with me.
    public var emptyMessage: String?
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any PresenceRepository
  private let timeZone: TimeZone

  public init(repository: any PresenceRepository, language: ClientLanguage = .en, timeZone: TimeZone = .current) {
    self.repository = repository
    self.timeZone = timeZone
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    await load(cached: repository.cachedMateCheckIns(), fresh: repository.mateCheckIns, show: show)
  }

  /// A live event arrived: a `presence` one (a mate checked in or out) refreshes the list;
  /// `reset` (too much was missed) too.
  public func eventReceived(_ event: ServerEvent) async {
    guard event.name == "presence" || event.name == "reset" else { return }
    await appeared()
  }

  public func addTapped(personID: String) async {
    var next = state
    do {
      let mate = try await repository.addMate(personID)
      next.message = PresenceText.addedToMates(mate.displayName).text(in: language)
      show(try await repository.mateCheckIns(), in: &next)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  public func removeTapped(personID: String) async {
    var next = state
    do {
      try await repository.removeMate(personID)
      show(try await repository.mateCheckIns(), in: &next)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  private func show(_ items: [MateCheckIn], in next: inout State) {
    next.rows = items.map { item in
      let checkIn = item.checkIn
      let words: PresenceText =
        checkIn.open
        ? .mateIsAt(
          building: checkIn.building.name, since: ClientDates.clockTime(checkIn.checkedInAt, timeZone: timeZone))
        : .mateWasAt(
          building: checkIn.building.name,
          at: ClientDates.instant(checkIn.checkedInAt, in: language, timeZone: timeZone))
      return Row(
        id: item.person.id, name: item.person.displayName, whereabouts: words.text(in: language),
        buildingID: checkIn.building.id, isThereNow: checkIn.open)
    }
    next.emptyMessage = items.isEmpty ? PresenceText.noMatesToShow.text(in: language) : nil
  }
}
