import AtriumDomain
import Testing

/// Issue 21's alert rules, table by table: the state machine per (rule, sensor), cooldowns,
/// durations, hysteresis, the ticks, and the templates' limits.
struct AlertEvaluationTests {
  static func condition(
    _ comparison: AlertOperator = .above, _ threshold: Double = 1_000, forSeconds: Int = 0, hysteresis: Double = 0,
    cooldown: Int = 300
  ) -> AlertCondition {
    AlertCondition(
      comparison: comparison, threshold: threshold, forSeconds: forSeconds, hysteresis: hysteresis,
      cooldownSeconds: cooldown)
  }

  /// Feeds (second, value) readings; returns the seconds at which the rule notified, fired and
  /// resolved.
  static func run(
    _ readings: [(Int, Double)], _ condition: AlertCondition, ticks: [Int] = []
  )
    -> (notified: [Int], fired: [Int], resolved: [Int])
  {
    var state = AlertState.ok
    var notified: [Int] = []
    var fired: [Int] = []
    var resolved: [Int] = []
    let events = readings.map { ($0.0, Optional($0.1)) } + ticks.map { ($0, Double?.none) }
    for (second, value) in events.sorted(by: { $0.0 < $1.0 }) {
      let at = Int64(second) * 1000
      let step =
        value.map { AlertEvaluation.reading($0, at: at, condition, state) }
        ?? AlertEvaluation.tick(at: at, condition, state)
      state = step.state
      if step.notifies { notified.append(second) }
      if step.fired { fired.append(second) }
      if step.resolved { resolved.append(second) }
    }
    return (notified, fired, resolved)
  }

  /// The table case: forSec 0, hysteresis 0, above and below every other second from
  /// t = 0 to 599 s, a 5-minute cooldown: notified at t = 0 and t = 300, and only then.
  @Test func aValueFlappingEverySecondForTenMinutesNotifiesExactlyTwice() {
    let readings = (0...599).map { ($0, $0 % 2 == 0 ? 1_300.0 : 700.0) }
    let outcome = Self.run(readings, Self.condition(cooldown: 300))
    #expect(outcome.notified == [0, 300])
    #expect(outcome.fired.count == 300 && outcome.resolved.count == 300, "it fires and resolves each time")
  }

  @Test(
    arguments: [
      // (readings (second, value), for seconds, the seconds it fired at)
      ([(0, 1_300.0), (10, 1_300), (290, 1_300), (300, 1_300), (310, 1_300)], 300, [300]),
      ([(0, 1_300.0), (150, 900), (160, 1_300), (450, 1_300), (460, 1_300)], 300, [460]),  // a dip starts again
      ([(0, 1_300.0)], 0, [0]),
      ([(0, 900.0), (400, 900)], 300, []),
    ] as [([(Int, Double)], Int, [Int])])
  func theConditionMustHoldForTheWholeDuration(readings: [(Int, Double)], forSeconds: Int, fired: [Int]) {
    #expect(Self.run(readings, Self.condition(forSeconds: forSeconds)).fired == fired)
  }

  @Test(
    arguments: [
      // (comparison, threshold, hysteresis, values after firing, index of the value that resolves, or nil)
      (AlertOperator.above, 1_000.0, 50.0, [990.0, 960, 950], 2),
      (.above, 1_000, 50, [990, 1_020, 951], nil),
      (.above, 1_000, 0, [1_000], 0),  // "above" no longer holds at the threshold itself
      (.atLeast, 1_000, 0, [1_000, 999.9], 1),
      (.below, 18, 1, [18.5, 19], 1),
      (.atMost, 18, 0, [18, 18.01], 1),
    ] as [(AlertOperator, Double, Double, [Double], Int?)])
  func aFiringRuleResolvesOnlyPastTheHysteresis(
    comparison: AlertOperator, threshold: Double, hysteresis: Double, after: [Double], resolvesAt: Int?
  ) {
    let trigger: Double = comparison == .above || comparison == .atLeast ? threshold + 100 : threshold - 10
    let readings = [(0, trigger)] + after.enumerated().map { ($0.offset + 1, $0.element) }
    let outcome = Self.run(readings, Self.condition(comparison, threshold, hysteresis: hysteresis))
    #expect(outcome.fired == [0])
    #expect(outcome.resolved == (resolvesAt.map { [$0 + 1] } ?? []))
  }

  @Test func theTickFiresAPendingRuleWithoutANewReading_andMissingDataHoldsEveryState() {
    // One reading above, then silence: the tick fires it when the duration has passed.
    let pending = Self.run([(0, 1_300)], Self.condition(forSeconds: 60), ticks: [30, 59, 60, 61])
    #expect(pending.fired == [60] && pending.notified == [60])
    // Firing, then silence: it stays firing (no resolution without a reading).
    let firing = Self.run([(0, 1_300)], Self.condition(), ticks: Array(1...900))
    #expect(firing.fired == [0] && firing.resolved.isEmpty)
    // Ok stays ok.
    #expect(Self.run([(0, 900)], Self.condition(), ticks: Array(1...10)).fired.isEmpty)
  }

  @Test func theCooldownOutlivesAResolution() {
    let outcome = Self.run(
      [(0, 1_300), (10, 900), (20, 1_300), (30, 900), (310, 1_300)], Self.condition(cooldown: 300))
    #expect(outcome.fired == [0, 20, 310] && outcome.notified == [0, 310])
  }

  @Test(arguments: [
    (1_200.0, 1_200.0, false), (100, 600, true), (9_000, 5_000, true), (600, 600, false),
  ])
  func aThresholdIsClampedToTheTemplatesLimits(asked: Double, kept: Double, clamped: Bool) throws {
    let co2 = try #require(AlertTemplate.defaults.first { $0.name == "CO₂ above" }?.template)
    #expect(co2.clamp(threshold: asked) == .init(value: kept, wasClamped: clamped))
  }

  @Test(arguments: [(60, 300, true), (300, 300, false), (900, 900, false)])
  func aCooldownIsAtLeastTheTemplatesMinimum(asked: Int, kept: Int, clamped: Bool) throws {
    let co2 = try #require(AlertTemplate.defaults.first { $0.name == "CO₂ above" }?.template)
    #expect(co2.clamp(cooldownSeconds: asked) == .init(value: kept, wasClamped: clamped))
  }
}
