import AtriumDomain
import Testing

/// What a reading must be to be stored, and when a sensor counts as silent.
struct SensorReadingTests {
  @Test(
    arguments: [
      ("co2", 812.0, nil), ("co2", -1, ReadingRefusal.outOfRange), ("co2", 50_000, .outOfRange),
      ("co2", .nan, .notFinite), ("co2", .infinity, .notFinite), ("radon", 3, .unknownKind),
      ("humidity", 40, .kindNotRegistered), ("temperature", -40, nil), ("temperature", 85.1, .outOfRange),
      ("noise", 150, nil),
    ] as [(String, Double, ReadingRefusal?)])
  func aReadingOfAKindTheSensorHasWithinPhysicalLimitsIsKept(kind: String, value: Double, refusal: ReadingRefusal?) {
    #expect(ReadingRefusal.check(kind: kind, value: value, registered: [.co2, .temperature, .noise]) == refusal)
  }

  @Test(
    arguments: [
      // (seconds since last seen, or nil for never; usual interval; firing; status)
      (Int?.some(10), 60, false, SensorStatus.ok), (180, 60, false, .ok), (181, 60, false, .silent),
      (nil, 60, false, .silent), (5, 60, true, .alerting), (400, 60, true, .silent),
    ] as [(Int?, Int, Bool, SensorStatus)])
  func aSensorIsSilentAfterThreeOfItsIntervals(sinceSeen: Int?, interval: Int, firing: Bool, status: SensorStatus) {
    let now: Int64 = 1_000_000_000
    #expect(
      SensorStatus.of(
        lastSeen: sinceSeen.map { now - Int64($0) * 1000 }, interval: interval, isFiring: firing, now: now)
        == status)
  }
}
