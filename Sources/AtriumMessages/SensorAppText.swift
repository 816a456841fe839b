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
    }
  }

  public static var examples: [SensorAppText] {
    [
      .ago(seconds: 3), .ago(seconds: 45), .ago(seconds: 180), .ago(seconds: 7_200), .ago(seconds: 259_200),
      .statusOK, .alertingSince("10:42"), .silentSince(ago: "3 h ago"), .neverSeen, .notConfigured, .noSensors,
      .savedCopy(ago: "5 min ago"), .keptToLimit(field: "Threshold", limit: "5000 ppm"),
      .serverKept(fields: ["threshold"]), .ruleSaved, .following, .notFollowing, .readings24h, .readings7d,
    ]
  }
}
