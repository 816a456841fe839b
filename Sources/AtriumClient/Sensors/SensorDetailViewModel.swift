import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// One sensor's screen: its tile, its series over a chosen range, the rules that watch it
/// (follow or stop following each), and its latest firings and resolutions.
@MainActor
public final class SensorDetailViewModel: ScreenModel<SensorDetailViewModel.State> {
  public struct Line: Equatable, Sendable {
    public let kind: SensorKind
    /// Each point's start and mean, oldest first.
    public let points: [Point]
  }

  public struct Point: Equatable, Sendable {
    public let at: Date
    public let mean: Double
  }

  public struct RuleRow: Equatable, Sendable, Identifiable {
    public let id: String
    public let label: String
    /// "> 1000 ppm for 300 s".
    public let condition: String
    public let isFiring: Bool
    public let isFollowed: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var tile: SensorTile?
    public var range: SeriesRange = .day
    public var lines: [Line] = []
    public var rules: [RuleRow] = []
    /// "Fired: CO₂ above 1,000 — 1250 ppm at 10:42".
    public var history: [String] = []
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  public let sensorID: String
  private let repository: any SensorsRepository
  private let timeZone: TimeZone
  private let now: @Sendable () -> Date

  public init(
    sensorID: String, repository: any SensorsRepository, language: ClientLanguage = .en,
    timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.sensorID = sensorID
    self.repository = repository
    self.timeZone = timeZone
    self.now = now
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    var next = state
    next.isLoading = true
    state = next
    do {
      let sensor = try await repository.sensor(sensorID)
      next.tile = SensorTile(sensor, now: now(), language: language, timeZone: timeZone)
      next.lines = Self.lines(try await repository.series(sensorID, range: next.range))
      let rules = try await repository.rules(sensorID: sensorID)
      showRules(rules, in: &next)
      let kinds = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0.kind) })
      next.history = try await repository.alertHistory(sensorID).map { event in
        let value = event.value.map { value in kinds[event.ruleId]?.text(value) ?? String(value) } ?? "—"
        return "\(event.change == "fired" ? "▲" : "▼") \(event.label) — \(value), "
          + ClientDates.instant(event.at, in: language, timeZone: timeZone)
      }
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  /// Another range for the series (24 hours or 7 days).
  public func rangeChosen(_ range: SeriesRange) async {
    var next = state
    next.range = range
    do {
      next.lines = Self.lines(try await repository.series(sensorID, range: range))
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  public func followTapped(ruleID: String, follows: Bool) async {
    var next = state
    do {
      try await repository.follow(rule: ruleID, follows)
      showRules(try await repository.rules(sensorID: sensorID), in: &next)
      next.message = (follows ? SensorAppText.following : .notFollowing).text(in: language)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  /// A new value of this sensor, or an alert, reloads the screen.
  public func eventReceived(_ event: ServerEvent) async {
    switch event.name {
    case "sensorValues" where event.data.contains("\"\(sensorID)\""): await appeared()
    case "sensorAlert" where event.data.contains("\"\(sensorID)\""): await appeared()
    case "reset": await appeared()
    default: return
    }
  }

  private func showRules(_ rules: [AlertRuleBody], in next: inout State) {
    next.rules = rules.map { rule in
      RuleRow(
        id: rule.id, label: rule.label,
        condition: "\(rule.operator.rawValue) \(rule.kind.text(rule.threshold)), \(rule.forSec) s",
        isFiring: rule.firing.contains { $0.sensorId == sensorID }, isFollowed: rule.subscribed)
    }
  }

  static func lines(_ series: SensorSeriesBody) -> [Line] {
    series.kinds.compactMap { name, points -> Line? in
      guard let kind = SensorKind(rawValue: name) else { return nil }
      return Line(
        kind: kind,
        points: points.compactMap { point in ClientDates.date(point.at).map { Point(at: $0, mean: point.mean) } })
    }.sorted { $0.kind.rawValue < $1.kind.rawValue }
  }
}
