import AtriumDomain

/// A kind of rule admins offer, with the limits a rule made from it keeps.
public struct AlertTemplateBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var kind: SensorKind
  public var `operator`: AlertOperator
  public var defaultThreshold: Double
  public var minThreshold: Double
  public var maxThreshold: Double
  /// The shortest cooldown a rule may have, in seconds.
  public var minCooldownSec: Int
  public var defaultForSec: Int

  public init(
    id: String, name: String, kind: SensorKind, operator: AlertOperator, defaultThreshold: Double,
    minThreshold: Double, maxThreshold: Double, minCooldownSec: Int, defaultForSec: Int
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.operator = `operator`
    self.defaultThreshold = defaultThreshold
    self.minThreshold = minThreshold
    self.maxThreshold = maxThreshold
    self.minCooldownSec = minCooldownSec
    self.defaultForSec = defaultForSec
  }
}

/// `POST /api/v1/alert-templates` (every field) and `PATCH /api/v1/alert-templates/{id}`
/// (what changes).
public struct AlertTemplateChange: Codable, Hashable, Sendable {
  public var name: String?
  public var kind: String?
  public var `operator`: String?
  public var defaultThreshold: Double?
  public var minThreshold: Double?
  public var maxThreshold: Double?
  public var minCooldownSec: Int?
  public var defaultForSec: Int?

  public init(
    name: String? = nil, kind: String? = nil, operator: String? = nil, defaultThreshold: Double? = nil,
    minThreshold: Double? = nil, maxThreshold: Double? = nil, minCooldownSec: Int? = nil, defaultForSec: Int? = nil
  ) {
    self.name = name
    self.kind = kind
    self.operator = `operator`
    self.defaultThreshold = defaultThreshold
    self.minThreshold = minThreshold
    self.maxThreshold = maxThreshold
    self.minCooldownSec = minCooldownSec
    self.defaultForSec = defaultForSec
  }
}

/// What a rule watches: one sensor, a room's sensors or a building's.
public struct AlertScopeBody: Codable, Hashable, Sendable {
  /// `sensor`, `room` or `building`.
  public var type: String
  public var id: String
  public var name: String

  public init(type: String, id: String, name: String) {
    self.type = type
    self.id = id
    self.name = name
  }
}

/// A sensor a rule fires for, and since when.
public struct FiringSensor: Codable, Hashable, Sendable {
  public var sensorId: String
  public var since: String

  public init(sensorId: String, since: String) {
    self.sensorId = sensorId
    self.since = since
  }
}

/// An alert rule.
public struct AlertRuleBody: Codable, Hashable, Sendable {
  public var id: String
  public var templateId: String
  public var kind: SensorKind
  public var scope: AlertScopeBody
  public var `operator`: AlertOperator
  public var threshold: Double
  public var forSec: Int
  public var hysteresis: Double
  public var cooldownSec: Int
  public var label: String
  public var enabled: Bool
  /// Whether the caller follows it.
  public var subscribed: Bool
  public var firing: [FiringSensor]
  /// The fields this request asked beyond the template's limits, which the server moved to
  /// the nearest limit (`threshold`, `cooldownSec`); empty on reads.
  public var clamped: [String]

  public init(
    id: String, templateId: String, kind: SensorKind, scope: AlertScopeBody, operator: AlertOperator,
    threshold: Double, forSec: Int, hysteresis: Double, cooldownSec: Int, label: String, enabled: Bool,
    subscribed: Bool, firing: [FiringSensor], clamped: [String]
  ) {
    self.id = id
    self.templateId = templateId
    self.kind = kind
    self.scope = scope
    self.operator = `operator`
    self.threshold = threshold
    self.forSec = forSec
    self.hysteresis = hysteresis
    self.cooldownSec = cooldownSec
    self.label = label
    self.enabled = enabled
    self.subscribed = subscribed
    self.firing = firing
    self.clamped = clamped
  }
}

/// `POST /api/v1/alert-rules`: a template and one of `sensorId`, `roomId`, `buildingId`; the
/// rest defaults to the template's.
public struct NewAlertRule: Codable, Hashable, Sendable {
  public var templateId: String
  public var sensorId: String?
  public var roomId: String?
  public var buildingId: String?
  public var `operator`: String?
  public var threshold: Double?
  public var forSec: Int?
  public var hysteresis: Double?
  public var cooldownSec: Int?
  public var label: String?
  public var enabled: Bool?

  public init(
    templateId: String, sensorId: String? = nil, roomId: String? = nil, buildingId: String? = nil,
    operator: String? = nil, threshold: Double? = nil, forSec: Int? = nil, hysteresis: Double? = nil,
    cooldownSec: Int? = nil, label: String? = nil, enabled: Bool? = nil
  ) {
    self.templateId = templateId
    self.sensorId = sensorId
    self.roomId = roomId
    self.buildingId = buildingId
    self.operator = `operator`
    self.threshold = threshold
    self.forSec = forSec
    self.hysteresis = hysteresis
    self.cooldownSec = cooldownSec
    self.label = label
    self.enabled = enabled
  }
}

/// `PATCH /api/v1/alert-rules/{id}`: any field of the condition, the label, the switch.
public struct AlertRuleChange: Codable, Hashable, Sendable {
  public var `operator`: String?
  public var threshold: Double?
  public var forSec: Int?
  public var hysteresis: Double?
  public var cooldownSec: Int?
  public var label: String?
  public var enabled: Bool?

  public init(
    operator: String? = nil, threshold: Double? = nil, forSec: Int? = nil, hysteresis: Double? = nil,
    cooldownSec: Int? = nil, label: String? = nil, enabled: Bool? = nil
  ) {
    self.operator = `operator`
    self.threshold = threshold
    self.forSec = forSec
    self.hysteresis = hysteresis
    self.cooldownSec = cooldownSec
    self.label = label
    self.enabled = enabled
  }
}

/// A firing or a resolution on a sensor's page.
public struct AlertEventBody: Codable, Hashable, Sendable {
  public var ruleId: String
  public var label: String
  /// `fired` or `resolved`.
  public var change: String
  public var value: Double?
  public var at: String

  public init(ruleId: String, label: String, change: String, value: Double?, at: String) {
    self.ruleId = ruleId
    self.label = label
    self.change = change
    self.value = value
    self.at = at
  }
}
