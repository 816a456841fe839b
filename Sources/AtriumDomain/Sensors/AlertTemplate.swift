/// A kind of rule an admin offers ("CO₂ above"): the comparison, a default threshold and the
/// limits a rule made from it must keep.
public struct AlertTemplate: Sendable, Hashable {
  public var kind: SensorKind
  public var comparison: AlertOperator
  public var defaultThreshold: Double
  public var thresholdRange: ClosedRange<Double>
  public var minimumCooldownSeconds: Int
  public var defaultForSeconds: Int

  public init(
    kind: SensorKind, comparison: AlertOperator, defaultThreshold: Double, thresholdRange: ClosedRange<Double>,
    minimumCooldownSeconds: Int, defaultForSeconds: Int
  ) {
    self.kind = kind
    self.comparison = comparison
    self.defaultThreshold = defaultThreshold
    self.thresholdRange = thresholdRange
    self.minimumCooldownSeconds = minimumCooldownSeconds
    self.defaultForSeconds = defaultForSeconds
  }

  /// A value moved into the template's limits, and whether it had to be.
  public struct Clamped<Value: Sendable & Hashable>: Sendable, Hashable {
    public let value: Value
    public let wasClamped: Bool

    public init(value: Value, wasClamped: Bool) {
      self.value = value
      self.wasClamped = wasClamped
    }
  }

  public func clamp(threshold: Double) -> Clamped<Double> {
    let value = min(max(threshold, thresholdRange.lowerBound), thresholdRange.upperBound)
    return Clamped(value: value, wasClamped: value != threshold)
  }

  public func clamp(cooldownSeconds: Int) -> Clamped<Int> {
    let value = max(cooldownSeconds, minimumCooldownSeconds)
    return Clamped(value: value, wasClamped: value != cooldownSeconds)
  }

  /// The templates a new installation starts with (migration 35 writes them).
  public static let defaults: [(id: String, name: String, template: AlertTemplate)] = [
    (
      "noise-above", "Noise above",
      AlertTemplate(
        kind: .noise, comparison: .above, defaultThreshold: 70, thresholdRange: 40...120, minimumCooldownSeconds: 300,
        defaultForSeconds: 60)
    ),
    (
      "co2-above", "CO₂ above",
      AlertTemplate(
        kind: .co2, comparison: .above, defaultThreshold: 1_200, thresholdRange: 600...5_000,
        minimumCooldownSeconds: 300, defaultForSeconds: 300)
    ),
    (
      "temperature-above", "Temperature above",
      AlertTemplate(
        kind: .temperature, comparison: .above, defaultThreshold: 27, thresholdRange: 15...40,
        minimumCooldownSeconds: 600, defaultForSeconds: 600)
    ),
    (
      "temperature-below", "Temperature below",
      AlertTemplate(
        kind: .temperature, comparison: .below, defaultThreshold: 18, thresholdRange: 5...25,
        minimumCooldownSeconds: 600, defaultForSeconds: 600)
    ),
  ]
}
