import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// The Sensors screen: a tile per sensor, filtered by building and kind. It refreshes every
/// 10 seconds while the screen is visible, when the app returns to the foreground, on a pull,
/// and takes new values from live events without asking; offline it shows the saved list and
/// says how old it is.
@MainActor
public final class SensorsViewModel: ScreenModel<SensorsViewModel.State> {
  public struct State: Equatable, Sendable, ScreenState {
    public var tiles: [SensorTile] = []
    public var buildingID: String?
    public var kind: SensorKind?
    /// False when the server runs without a broker.
    public var isConfigured = true
    /// Said when no sensor matches (or none exists, or sensors are not set up).
    public var emptyMessage: String?
    /// Said when what is shown is a saved copy: "Offline: showing what was read 5 min ago."
    public var savedCopyNote: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any SensorsRepository
  private let now: @Sendable () -> Date
  private let timeZone: TimeZone
  /// How often the visible screen refreshes itself.
  public let refreshInterval: Duration
  /// Waits one interval (`Task.sleep`; a test's own clock).
  private let sleep: @Sendable (Duration) async throws -> Void
  private var list: SensorList?
  private var autoRefresh: Task<Void, Never>?

  public init(
    repository: any SensorsRepository, language: ClientLanguage = .en, timeZone: TimeZone = .current,
    refreshInterval: Duration = .seconds(10), now: @escaping @Sendable () -> Date = Date.init,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.repository = repository
    self.timeZone = timeZone
    self.refreshInterval = refreshInterval
    self.sleep = sleep
    self.now = now
    super.init(state: State(), language: language)
  }

  /// The screen opened, or was pulled: the saved list at once, then the server's.
  public func appeared() async {
    let saved = repository.cachedSensors()
    var next = state
    next.isLoading = true
    if let saved, list == nil { show(saved.value, in: &next) }
    state = next
    do {
      let fresh = try await repository.sensors()
      show(fresh, in: &next)
      next.savedCopyNote = nil
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
      if let saved, list == nil || list == saved.value {
        let age = max(0, Int(now().timeIntervalSince(saved.savedAt)))
        next.savedCopyNote = SensorAppText.savedCopy(ago: SensorAppText.ago(seconds: age).text(in: language))
          .text(in: language)
      }
    }
    next.isLoading = false
    state = next
  }

  /// Pull to refresh.
  public func refreshPulled() async { await appeared() }

  /// The app came back to the foreground.
  public func enteredForeground() async { await appeared() }

  /// The screen became visible: refresh now and every `refreshInterval` until it is hidden.
  public func becameVisible() {
    autoRefresh?.cancel()
    autoRefresh = Task { [weak self, refreshInterval, sleep] in
      while !Task.isCancelled {
        await self?.appeared()
        try? await sleep(refreshInterval)
      }
    }
  }

  /// The screen is hidden (another screen, the app in the background): no more refreshing.
  public func becameHidden() {
    autoRefresh?.cancel()
    autoRefresh = nil
  }

  /// Shows only the sensors of a building and of a kind (nil: all).
  public func filter(buildingID: String?, kind: SensorKind?) {
    var next = state
    next.buildingID = buildingID
    next.kind = kind
    if let list { show(list, in: &next) }
    state = next
  }

  /// New values merge into the tiles at once; an alert or a reset refreshes the list.
  public func eventReceived(_ event: ServerEvent) async {
    switch event.name {
    case "sensorValues":
      guard let merged = list?.merging(liveValues: event.data) else { return }
      var next = state
      show(merged, in: &next)
      state = next
    case "sensorAlert", "reset":
      await appeared()
    default:
      return
    }
  }

  private func show(_ list: SensorList, in next: inout State) {
    self.list = list
    next.isConfigured = list.configured
    let moment = now()
    next.tiles = list.items.filter { sensor in
      (next.buildingID.map { $0 == sensor.room.buildingId } ?? true)
        && (next.kind.map { sensor.kinds.contains($0) } ?? true)
    }.map { SensorTile($0, now: moment, language: language, timeZone: timeZone) }
    next.emptyMessage =
      next.tiles.isEmpty
      ? (list.configured ? SensorAppText.noSensors : SensorAppText.notConfigured).text(in: language) : nil
  }
}
