/// Check-in and check-out by a device, for a person who turned them on: a fix (or a geofence
/// event with its fix) inside a building checks in; two fixes clearly outside the open
/// check-in's building, at least 60 s apart, check out. One noisy fix never checks anyone out,
/// and a fix jittering around the edge never flaps in and out: checking in needs the whole
/// accuracy circle inside, checking out needs it well outside.
public enum AutomaticPresence {
  /// Seconds between the first and the second fix clearly outside before checking out.
  public static let exitSeconds: Int64 = 60

  /// What the server remembers between a person's fixes.
  public struct State: Sendable, Hashable {
    /// The building of the person's open check-in, if any.
    public var openBuildingID: String?
    /// When (ms) the first of the fixes clearly outside that building was taken; nil when the
    /// last fix was not clearly outside.
    public var outsideSince: Int64?

    public init(openBuildingID: String? = nil, outsideSince: Int64? = nil) {
      self.openBuildingID = openBuildingID
      self.outsideSince = outsideSince
    }
  }

  public enum Decision: Sendable, Hashable {
    case checkIn(buildingID: String)
    case checkOut(buildingID: String)
    case nothing(Reason)
  }

  /// Why a fix changed nothing, as the device is told.
  public enum Reason: String, Sendable, Hashable, Codable {
    /// Inside the building of the open check-in.
    case alreadyCheckedIn
    /// Not inside any building, and no check-in open.
    case notInside
    /// The first fix clearly outside: the second, 60 s later at least, decides.
    case firstFixOutside
    /// Clearly outside, but not yet 60 s after the first fix that was.
    case waitingForSecondFix
    /// Near the open check-in's building but not clearly out of it.
    case nearTheEdge
  }

  /// What a fix taken at `takenAt` (ms, the server's clock less the fix's age) decides, and the
  /// state to keep.
  public static func decide(
    _ fix: PositionFix, takenAt: Int64, state: State, buildings: [PresenceBuilding]
  ) -> (Decision, State) {
    if let inside = PresenceRules.best(fix, among: buildings, atLeast: .inside) {
      if state.openBuildingID == inside.building.id {
        return (.nothing(.alreadyCheckedIn), State(openBuildingID: inside.building.id))
      }
      return (.checkIn(buildingID: inside.building.id), State(openBuildingID: inside.building.id))
    }
    guard let openID = state.openBuildingID, let open = buildings.first(where: { $0.id == openID }) else {
      return (.nothing(.notInside), State())
    }
    guard PresenceRules.isClearlyOutside(fix, open) else {
      return (.nothing(.nearTheEdge), State(openBuildingID: openID))
    }
    guard let since = state.outsideSince, takenAt >= since else {
      return (.nothing(.firstFixOutside), State(openBuildingID: openID, outsideSince: takenAt))
    }
    if takenAt - since >= exitSeconds * 1000 { return (.checkOut(buildingID: openID), State()) }
    return (.nothing(.waitingForSecondFix), state)
  }
}
