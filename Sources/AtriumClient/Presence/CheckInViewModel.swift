import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// The check-in screen: where I am checked in, the buildings near the position the device
/// gives (the server says how close), checking in at one and checking out. Without a position
/// (refused, or no signal) it says so and still offers the person's buildings when the company
/// allows checking in without one.
@MainActor
public final class CheckInViewModel: ScreenModel<CheckInViewModel.State> {
  public struct Nearby: Equatable, Sendable {
    public let buildingID: String
    public let name: String
    public let campus: String
    /// "You are inside", "You may be inside", "Nearby".
    public let closeness: String
    public let distance: String
    /// Whether the server would take a check-in here from this fix (inside or possibly).
    public let canCheckIn: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    /// My open check-in in words, or that there is none.
    public var current = ""
    public var isCheckedIn = false
    public var nearby: [Nearby] = []
    /// What the screen says about the position: asked, refused, nothing near.
    public var positionMessage: String?
    /// A confirmation (checked in, kept offline, checked out).
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any PresenceRepository
  private let timeZone: TimeZone
  /// The last fix the device gave, sent with a check-in.
  private var fix: PositionReport?

  public init(repository: any PresenceRepository, language: ClientLanguage = .en, timeZone: TimeZone = .current) {
    self.repository = repository
    self.timeZone = timeZone
    super.init(state: State(), language: language)
    state.positionMessage = PresenceText.noPositionYet.text(in: language)
  }

  public func appeared() async {
    await load(cached: repository.cachedMe(), fresh: repository.me, show: show)
  }

  /// The device gave a position: ask the server which buildings are near.
  public func positionReceived(_ fix: PositionReport) async {
    self.fix = fix
    var next = state
    do {
      let nearby = try await repository.nearby(fix)
      next.nearby = nearby.map { item in
        Nearby(
          buildingID: item.building.id, name: item.building.name, campus: item.campusName,
          closeness: Self.closeness(item.closeness).text(in: language),
          distance: PresenceText.metresAway(Int(item.distanceM.rounded())).text(in: language),
          canCheckIn: item.closeness != "nearby")
      }
      next.positionMessage = nearby.isEmpty ? PresenceText.noBuildingsNearby.text(in: language) : nil
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  /// The device could not give a position (refused, or no signal).
  public func positionUnavailable() {
    fix = nil
    state.nearby = []
    state.positionMessage = PresenceText.positionRefused.text(in: language)
  }

  /// Checks in at a building, with the last fix when there is one.
  public func checkInTapped(buildingID: String) async {
    var next = state
    do {
      switch try await repository.checkIn(at: buildingID, position: fix) {
      case .done(let checkIn):
        show(checkIn, in: &next)
        next.message = next.current
      case .queued:
        next.message = PresenceText.checkInQueued.text(in: language)
      }
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  public func checkOutTapped() async {
    var next = state
    do {
      try await repository.checkOut()
      next.isCheckedIn = false
      next.current = PresenceText.notCheckedIn.text(in: language)
      next.message = PresenceText.checkedOut.text(in: language)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  private func show(_ presence: MyPresence, in next: inout State) {
    show(presence.checkIn, in: &next)
  }

  /// My check-in in words, or that there is none.
  private func show(_ checkIn: CheckInBody?, in next: inout State) {
    if let checkIn, checkIn.open {
      next.isCheckedIn = true
      next.current = PresenceText.youAreAt(
        building: checkIn.building.name, since: ClientDates.clockTime(checkIn.checkedInAt, timeZone: timeZone)
      ).text(in: language)
    } else {
      next.isCheckedIn = false
      next.current = PresenceText.notCheckedIn.text(in: language)
    }
  }

  static func closeness(_ name: String) -> PresenceText {
    switch name {
    case "inside": .inside
    case "possiblyInside": .possiblyInside
    default: .nearby
    }
  }
}
