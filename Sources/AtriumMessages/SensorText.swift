/// Office sensors and their alerts, in each language.
public enum SensorText: CatalogueMessage, Hashable {
  case sensorAlertsKind
  /// "CO₂ above 1,000 — Meeting room 2: 1,240 ppm since 10:42".
  case alertFired(label: String, room: String, value: String, since: String)
  case alertsFired(Int)

  public var id: String { "sensor." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .sensorAlertsKind: return es ? "Alertas de sensores" : "Sensor alerts"
    case .alertFired(let label, let room, let value, let since):
      return es ? "\(label) — \(room): \(value) desde las \(since)" : "\(label) — \(room): \(value) since \(since)"
    case .alertsFired(let count):
      return es
        ? (count == 1 ? "Ha saltado 1 alerta de sensores" : "Han saltado \(count) alertas de sensores")
        : (count == 1 ? "1 sensor alert fired" : "\(count) sensor alerts fired")
    }
  }

  public static var examples: [SensorText] {
    [
      .sensorAlertsKind,
      .alertFired(label: "CO₂ above 1,000", room: "Meeting room 2", value: "1,240 ppm", since: "10:42"),
      .alertsFired(1), .alertsFired(3),
    ]
  }
}
