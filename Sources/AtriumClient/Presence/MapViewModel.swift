import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// A campus's map as values (`CampusMap`: circles, markers, scale and north in map units),
/// laid out by the same code as the server's SVG, so any UI draws it the same: the buildings,
/// and the mates who share with me at their building's centre.
@MainActor
public final class MapViewModel: ScreenModel<MapViewModel.State> {
  public struct State: Equatable, Sendable, ScreenState {
    public var campusName = ""
    public var map: CampusMap?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any PresenceRepository

  public init(repository: any PresenceRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  /// Lays out `campusID`, or the first campus when nil.
  public func appeared(campusID: String? = nil) async {
    var next = state
    next.isLoading = true
    state = next
    do {
      let campuses = try await repository.campuses()
      let mates = try await repository.mateCheckIns()
      Self.lay(campuses.first { $0.id == campusID } ?? (campusID == nil ? campuses.first : nil), mates, in: &next)
      next.clearFailure()
    } catch {
      // Offline: the last copies, when there are some.
      if let campuses = repository.cachedCampuses() {
        Self.lay(
          campuses.first { $0.id == campusID } ?? campuses.first, repository.cachedMateCheckIns() ?? [], in: &next)
      }
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  /// A live event arrived: a `presence` one lays the markers out again.
  public func eventReceived(_ event: ServerEvent, campusID: String? = nil) async {
    guard event.name == "presence" || event.name == "reset" else { return }
    await appeared(campusID: campusID)
  }

  private static func lay(_ campus: CampusBody?, _ mates: [MateCheckIn], in next: inout State) {
    guard let campus, let centre = GeoPoint(latitude: campus.latitude, longitude: campus.longitude) else {
      next.map = nil
      next.campusName = ""
      return
    }
    let buildings = campus.buildings.compactMap { building -> PresenceBuilding? in
      GeoPoint(latitude: building.latitude, longitude: building.longitude).map {
        PresenceBuilding(id: building.id, campusID: campus.id, centre: $0, radius: building.radiusM)
      }
    }
    let people = mates.filter { $0.checkIn.open && $0.checkIn.campus.id == campus.id }.map {
      CampusMap.Person(id: $0.person.id, displayName: $0.person.displayName, buildingID: $0.checkIn.building.id)
    }
    next.campusName = campus.name
    next.map = CampusMap(
      centre: centre, buildings: buildings,
      names: Dictionary(uniqueKeysWithValues: campus.buildings.map { ($0.id, $0.name) }), people: people)
  }
}
