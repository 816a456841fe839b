import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// Every campus with its buildings, for choosing where to check in or which map to show;
/// cached, so it opens offline.
@MainActor
public final class BuildingsViewModel: ScreenModel<BuildingsViewModel.State> {
  public struct Campus: Equatable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let buildings: [Building]
  }

  public struct Building: Equatable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let address: String
    public let floors: [String]
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var campuses: [Campus] = []
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any PresenceRepository

  public init(repository: any PresenceRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    await load(cached: repository.cachedCampuses(), fresh: repository.campuses) { campuses, next in
      next.campuses = campuses.map { campus in
        Campus(
          id: campus.id, name: campus.name,
          buildings: campus.buildings.map {
            Building(id: $0.id, name: $0.name, address: $0.address, floors: $0.floors)
          })
      }
    }
  }
}
