/// A comparison an alert rule makes.
public enum AlertOperator: String, Sendable, Hashable, CaseIterable, Codable {
  case above = ">"
  case atLeast = ">="
  case below = "<"
  case atMost = "<="

  public func holds(_ value: Double, _ threshold: Double) -> Bool {
    switch self {
    case .above: value > threshold
    case .atLeast: value >= threshold
    case .below: value < threshold
    case .atMost: value <= threshold
    }
  }

  /// Whether a firing rule is over: the value came back past the threshold moved by the
  /// hysteresis towards the safe side (so a value hovering at the threshold does not flap).
  public func clears(_ value: Double, _ threshold: Double, hysteresis: Double) -> Bool {
    switch self {
    case .above, .atLeast: !holds(value, threshold - hysteresis)
    case .below, .atMost: !holds(value, threshold + hysteresis)
    }
  }
}

/// What a rule asks, with its limits already applied (`AlertTemplate.clamp`).
public struct AlertCondition: Sendable, Hashable {
  public var comparison: AlertOperator
  public var threshold: Double
  /// How long the condition must hold before the rule fires, in seconds.
  public var forSeconds: Int
  public var hysteresis: Double
  /// The shortest time between two notifications of the rule for one sensor, in seconds.
  public var cooldownSeconds: Int

  public init(comparison: AlertOperator, threshold: Double, forSeconds: Int, hysteresis: Double, cooldownSeconds: Int) {
    self.comparison = comparison
    self.threshold = threshold
    self.forSeconds = forSeconds
    self.hysteresis = hysteresis
    self.cooldownSeconds = cooldownSeconds
  }
}

/// Where a rule stands for one sensor: kept in the database, so a restart changes nothing.
public struct AlertState: Sendable, Hashable {
  public enum Phase: String, Sendable, Hashable, Codable {
    case ok, pending, firing
  }

  public var phase: Phase
  /// When the condition began to hold (pending and firing), in milliseconds.
  public var since: Int64?
  /// When the rule last notified, whatever happened since: a cooldown outlives a resolution.
  public var lastNotifiedAt: Int64?

  public init(phase: Phase = .ok, since: Int64? = nil, lastNotifiedAt: Int64? = nil) {
    self.phase = phase
    self.since = since
    self.lastNotifiedAt = lastNotifiedAt
  }

  public static let ok = AlertState()
}

/// What one evaluation did.
public struct AlertStep: Sendable, Hashable {
  public var state: AlertState
  /// The rule fired now and its subscribers are told (at most once per cooldown).
  public var notifies: Bool
  /// The rule fired now (told or not).
  public var fired: Bool
  /// The rule stopped firing now (recorded and shown, not pushed).
  public var resolved: Bool
}

/// The state machine per (rule, sensor): ok → pending(since) → firing → ok. It runs on each
/// reading and on a one-second tick; no reading (a silent sensor) leaves the state as it is.
public enum AlertEvaluation {
  /// A new reading at `now` (milliseconds).
  public static func reading(
    _ value: Double, at now: Int64, _ condition: AlertCondition, _ state: AlertState
  )
    -> AlertStep
  {
    var next = state
    switch state.phase {
    case .ok:
      guard condition.comparison.holds(value, condition.threshold) else { return unchanged(state) }
      next.phase = .pending
      next.since = now
      return advance(next, at: now, condition)
    case .pending:
      guard condition.comparison.holds(value, condition.threshold) else {
        return AlertStep(
          state: AlertState(lastNotifiedAt: state.lastNotifiedAt), notifies: false, fired: false, resolved: false)
      }
      return advance(next, at: now, condition)
    case .firing:
      guard condition.comparison.clears(value, condition.threshold, hysteresis: condition.hysteresis) else {
        return unchanged(state)
      }
      return AlertStep(
        state: AlertState(lastNotifiedAt: state.lastNotifiedAt), notifies: false, fired: false, resolved: true)
    }
  }

  /// The one-second tick: a pending rule whose condition has held long enough fires even
  /// when no new reading came (the last one still said so).
  public static func tick(at now: Int64, _ condition: AlertCondition, _ state: AlertState) -> AlertStep {
    state.phase == .pending ? advance(state, at: now, condition) : unchanged(state)
  }

  private static func advance(_ pending: AlertState, at now: Int64, _ condition: AlertCondition) -> AlertStep {
    guard let since = pending.since, now - since >= Int64(condition.forSeconds) * 1000 else {
      return AlertStep(state: pending, notifies: false, fired: false, resolved: false)
    }
    var firing = pending
    firing.phase = .firing
    let rested = pending.lastNotifiedAt.map { now - $0 >= Int64(condition.cooldownSeconds) * 1000 } ?? true
    if rested { firing.lastNotifiedAt = now }
    return AlertStep(state: firing, notifies: rested, fired: true, resolved: false)
  }

  private static func unchanged(_ state: AlertState) -> AlertStep {
    AlertStep(state: state, notifies: false, fired: false, resolved: false)
  }
}
