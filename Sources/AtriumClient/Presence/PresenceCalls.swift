import AtriumAPI
import AtriumDomain
import Foundation

/// The presence section's calls.
extension APIClient {
  public func presenceCampuses() async throws(APIError) -> [CampusBody] {
    try await send(.presence(.campuses), as: Page<CampusBody>.self).items
  }

  public func myPresence() async throws(APIError) -> MyPresence {
    try await send(.presence(.me), as: MyPresence.self)
  }

  public func nearbyBuildings(_ fix: PositionReport) async throws(APIError) -> [NearbyBuilding] {
    try await send(.presence(.nearby), body: fix, as: Page<NearbyBuilding>.self).items
  }

  public func checkIn(_ checkIn: NewCheckIn, idempotencyKey: String) async throws(APIError) -> CheckInBody {
    try await send(.presence(.checkIn), body: checkIn, idempotencyKey: idempotencyKey, as: CheckInBody.self)
  }

  public func checkOut(idempotencyKey: String) async throws(APIError) {
    try await send(.presence(.checkOut), idempotencyKey: idempotencyKey)
  }

  /// A device's fix or geofence event; the answer says what the server decided.
  public func reportPosition(_ fix: PositionReport, idempotencyKey: String) async throws(APIError) -> PositionDecision {
    try await send(.presence(.position), body: fix, idempotencyKey: idempotencyKey, as: PositionDecision.self)
  }

  public func presenceSettings() async throws(APIError) -> PresenceSettingsBody {
    try await send(.presence(.settings), as: PresenceSettingsBody.self)
  }

  public func updatePresenceSettings(
    _ change: PresenceSettingsChange, idempotencyKey: String
  ) async throws(APIError) -> PresenceSettingsBody {
    try await send(
      .presence(.updateSettings), body: change, idempotencyKey: idempotencyKey, as: PresenceSettingsBody.self)
  }

  public func mates() async throws(APIError) -> [PersonName] {
    try await send(.presence(.mates), as: Page<PersonName>.self).items
  }

  public func addMate(_ personID: String, idempotencyKey: String) async throws(APIError) -> PersonName {
    try await send(
      .presence(.addMate), body: NewMate(personId: personID), idempotencyKey: idempotencyKey, as: PersonName.self)
  }

  public func removeMate(_ personID: String, idempotencyKey: String) async throws(APIError) {
    try await send(.presence(.removeMate(id: personID)), idempotencyKey: idempotencyKey)
  }

  public func mateCheckIns() async throws(APIError) -> [MateCheckIn] {
    try await send(.presence(.mateCheckIns), as: Page<MateCheckIn>.self).items
  }
}
