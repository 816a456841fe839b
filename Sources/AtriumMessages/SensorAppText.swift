/// What the sensors' screens say (web, apps, command line), in each language.
public enum SensorAppText: CatalogueMessage, Hashable {
  /// How long ago, roughly: "just now", "45 s ago", "3 min ago", "2 h ago", "3 days ago".
  case ago(seconds: Int)
  case statusOK
  /// "Alerting since 10:42".
  case alertingSince(String)
  /// "Silent — last seen 3 h ago".
  case silentSince(ago: String)
  case neverSeen
  case notConfigured
  case noSensors
  /// Offline, or the server did not answer: what is shown is a saved copy of that age.
  case savedCopy(ago: String)
  /// The rule editor kept a number to the template's limit as it was typed.
  case keptToLimit(field: String, limit: String)
  /// The server moved what was sent to the template's limits.
  case serverKept(fields: [String])
  case ruleSaved
  case following
  case notFollowing
  case readings24h
  case readings7d
  // The web pages.
  case sensorsTitle
  case registerSensor
  case name
  case room
  case building
  case floor
  case kinds
  case intervalSeconds
  case anyBuilding
  case anyKind
  case filter
  case refresh
  /// Above the credentials, shown once after registering.
  case credentialsOnce
  case copy
  case addRule
  case template
  case threshold
  /// "600 to 5000 ppm".
  case thresholdBetween(String, String)
  case cooldownSeconds
  /// "at least 300 s".
  case atLeastSeconds(Int)
  case durationSeconds
  case hysteresis
  case label
  case save
  case follow
  case unfollow
  case rules
  case history
  case noRules
  case deleteSensor
  case sensorDeleted
  /// The home card for people who follow rules.
  case alertsYouFollow
  case noneFiring
  case firing(Int)
  case kindName(String)

  public var id: String { "sensor-app." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .ago(let seconds):
      switch seconds {
      case ..<10: return es ? "ahora mismo" : "just now"
      case ..<60: return es ? "hace \(seconds) s" : "\(seconds) s ago"
      case ..<3_600: return es ? "hace \(seconds / 60) min" : "\(seconds / 60) min ago"
      case ..<172_800: return es ? "hace \(seconds / 3_600) h" : "\(seconds / 3_600) h ago"
      default:
        return es ? "hace \(seconds / 86_400) días" : "\(seconds / 86_400) days ago"
      }
    case .statusOK: return es ? "Todo bien" : "OK"
    case .alertingSince(let time): return es ? "En alerta desde las \(time)" : "Alerting since \(time)"
    case .silentSince(let ago):
      return es ? "Sin datos — visto por última vez \(ago)" : "Silent — last seen \(ago)"
    case .neverSeen: return es ? "Sin datos — aún no ha enviado nada" : "Silent — nothing received yet"
    case .notConfigured:
      return es
        ? "Los sensores no están configurados en este servidor." : "Sensors are not set up on this server."
    case .noSensors: return es ? "Aún no hay sensores." : "No sensors yet."
    case .savedCopy(let ago):
      return es ? "Sin conexión: se muestra lo leído \(ago)." : "Offline: showing what was read \(ago)."
    case .keptToLimit(let field, let limit):
      return es
        ? "\(field) se queda en \(limit), el límite de la plantilla."
        : "\(field) kept to \(limit), the template's limit."
    case .serverKept(let fields):
      let list = fields.joined(separator: ", ")
      return es
        ? "El servidor ajustó \(list) a los límites de la plantilla."
        : "The server kept \(list) to the template's limits."
    case .ruleSaved: return es ? "Regla guardada." : "Rule saved."
    case .following: return es ? "Recibirás sus alertas." : "You will be told when it fires."
    case .notFollowing: return es ? "Ya no recibirás sus alertas." : "You will no longer be told."
    case .readings24h: return es ? "Últimas 24 horas" : "Last 24 hours"
    case .readings7d: return es ? "Últimos 7 días" : "Last 7 days"
    case .sensorsTitle: return es ? "Sensores" : "Sensors"
    case .registerSensor: return es ? "Registrar un sensor" : "Register a sensor"
    case .name: return es ? "Nombre" : "Name"
    case .room: return es ? "Sala (nombre o id)" : "Room (name or id)"
    case .building: return es ? "Edificio" : "Building"
    case .floor: return es ? "Planta" : "Floor"
    case .kinds: return es ? "Qué mide" : "What it measures"
    case .intervalSeconds: return es ? "Cada cuántos segundos lee" : "Seconds between readings"
    case .anyBuilding: return es ? "Todos los edificios" : "Every building"
    case .anyKind: return es ? "Todas las medidas" : "Every kind"
    case .filter: return es ? "Filtrar" : "Filter"
    case .refresh: return es ? "Actualizar" : "Refresh"
    case .credentialsOnce:
      return es
        ? "Copia estos datos ahora: la contraseña solo se muestra esta vez."
        : "Copy these now: the password is shown this once only."
    case .copy: return es ? "Copiar" : "Copy"
    case .addRule: return es ? "Añadir una regla" : "Add a rule"
    case .template: return es ? "Plantilla" : "Template"
    case .threshold: return es ? "Umbral" : "Threshold"
    case .thresholdBetween(let low, let high): return es ? "de \(low) a \(high)" : "\(low) to \(high)"
    case .cooldownSeconds: return es ? "Espera entre avisos (segundos)" : "Cooldown between notifications (seconds)"
    case .atLeastSeconds(let seconds): return es ? "como mínimo \(seconds) s" : "at least \(seconds) s"
    case .durationSeconds: return es ? "Durante (segundos)" : "For (seconds)"
    case .hysteresis: return es ? "Histéresis" : "Hysteresis"
    case .label: return es ? "Etiqueta" : "Label"
    case .save: return es ? "Guardar" : "Save"
    case .follow: return es ? "Avisarme" : "Tell me"
    case .unfollow: return es ? "Dejar de avisarme" : "Stop telling me"
    case .rules: return es ? "Reglas de alerta" : "Alert rules"
    case .history: return es ? "Historial de alertas" : "Alert history"
    case .noRules: return es ? "Ninguna regla vigila este sensor." : "No rule watches this sensor."
    case .deleteSensor: return es ? "Borrar el sensor" : "Delete the sensor"
    case .sensorDeleted: return es ? "Sensor borrado." : "Sensor deleted."
    case .alertsYouFollow: return es ? "Alertas que sigues" : "Alerts you follow"
    case .noneFiring: return es ? "Ninguna salta ahora." : "None is firing now."
    case .firing(let count):
      return es
        ? (count == 1 ? "1 alerta saltando" : "\(count) alertas saltando")
        : (count == 1 ? "1 alert firing" : "\(count) alerts firing")
    case .kindName(let kind):
      switch kind {
      case "co2": return "CO₂"
      case "temperature": return es ? "Temperatura" : "Temperature"
      case "humidity": return es ? "Humedad" : "Humidity"
      case "noise": return es ? "Ruido" : "Noise"
      default: return kind
      }
    }
  }

  public static var examples: [SensorAppText] {
    [
      .ago(seconds: 3), .ago(seconds: 45), .ago(seconds: 180), .ago(seconds: 7_200), .ago(seconds: 259_200),
      .statusOK, .alertingSince("10:42"), .silentSince(ago: "3 h ago"), .neverSeen, .notConfigured, .noSensors,
      .savedCopy(ago: "5 min ago"), .keptToLimit(field: "Threshold", limit: "5000 ppm"),
      .serverKept(fields: ["threshold"]), .ruleSaved, .following, .notFollowing, .readings24h, .readings7d,
      .sensorsTitle, .registerSensor, .name, .room, .building, .floor, .kinds, .intervalSeconds, .anyBuilding,
      .anyKind, .filter, .refresh, .credentialsOnce, .copy, .addRule, .template, .threshold,
      .thresholdBetween("600", "5000 ppm"), .cooldownSeconds, .atLeastSeconds(300), .durationSeconds, .hysteresis,
      .label, .save, .follow, .unfollow, .rules, .history, .noRules, .deleteSensor, .sensorDeleted, .alertsYouFollow,
      .noneFiring, .firing(1), .firing(2), .kindName("temperature"), .kindName("humidity"), .kindName("noise"),
    ]
  }
}
