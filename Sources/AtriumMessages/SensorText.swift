/// Office sensors and their alerts, in each language.
public enum SensorText: CatalogueMessage, Hashable {
  case sensorAlertsKind
  /// "CO₂ above 1,000 — Meeting room 2: 1,240 ppm since 10:42".
  case alertFired(label: String, room: String, value: String, since: String)
  case alertsFired(Int)

  // Problems.
  /// The server runs without a broker.
  case notConfigured
  /// The broker did not answer, or refused a command.
  case brokerUnavailable
  /// - Parameter action: what was refused, in English (`register sensors`).
  case onlyFacilities(action: String)
  case roomHasSensors(count: Int)
  case templateInUse(rules: Int)
  /// A rule's kind and the sensor's kinds do not meet.
  case sensorDoesNotMeasure(kind: String)

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
    case .notConfigured:
      return es
        ? "Los sensores no están configurados en este servidor: arráncalo con --mqtt y --mqtt-admin (ver la sección Sensores del README)."
        : "Sensors are not set up on this server: start it with --mqtt and --mqtt-admin (see the README's Sensors section)."
    case .brokerUnavailable:
      return es
        ? "No se puede llegar al bróker MQTT de los sensores ahora mismo; no se ha cambiado nada. Inténtalo de nuevo en unos segundos."
        : "The sensors' MQTT broker cannot be reached right now; nothing was changed. Try again in a few seconds."
    case .onlyFacilities(let action):
      return es
        ? "Solo un administrador o alguien con el permiso de instalaciones puede hacerlo."
        : "Only an administrator or someone with the facilities permission may \(action)."
    case .roomHasSensors(let count):
      return es
        ? "La sala tiene \(count == 1 ? "1 sensor" : "\(count) sensores"); bórralos o muévelos primero."
        : "The room has \(count == 1 ? "1 sensor" : "\(count) sensors"); delete or move them first."
    case .templateInUse(let rules):
      return es
        ? "Hay \(rules == 1 ? "1 regla hecha" : "\(rules) reglas hechas") con esta plantilla; bórralas primero."
        : "\(rules == 1 ? "1 rule was" : "\(rules) rules were") made from this template; delete them first."
    case .sensorDoesNotMeasure(let kind):
      return es ? "El sensor no mide \(kind)." : "The sensor does not measure \(kind)."
    }
  }

  public static var examples: [SensorText] {
    [
      .sensorAlertsKind,
      .alertFired(label: "CO₂ above 1,000", room: "Meeting room 2", value: "1,240 ppm", since: "10:42"),
      .alertsFired(1), .alertsFired(3), .notConfigured, .brokerUnavailable,
      .onlyFacilities(action: "register sensors"), .roomHasSensors(count: 1), .roomHasSensors(count: 2),
      .templateInUse(rules: 1), .templateInUse(rules: 4), .sensorDoesNotMeasure(kind: "co2"),
    ]
  }
}
