import AtriumDomain
import Testing

/// When the outbox tries an undelivered notification again, and when it gives up.
@Suite struct DeliveryRetryTests {
  @Test(
    arguments: [
      (1, 0.0, 30_000), (2, 0.0, 60_000), (3, 0.0, 120_000), (7, 0.0, 1_920_000), (8, 0.0, 3_600_000),
      (40, 0.0, 3_600_000), (1, 0.999, 24_006), (8, 0.5, 3_240_000),
    ] as [(Int, Double, Int64)])
  func theWaitDoublesUpToAnHourLessAtMostAFifth(failures: Int, random: Double, milliseconds: Int64) {
    #expect(DeliveryRetry.delay(afterFailedAttempts: failures, random: random) == milliseconds)
  }

  @Test func aRowIsGivenUpWhenItsNextTryWouldBeMoreThanADayAfterItWasQueued() {
    let hour: Int64 = 3_600_000
    #expect(DeliveryRetry.decide(failedAttempts: 1, queuedAt: 0, now: 1_000, random: 0) == .retry(at: 31_000))
    #expect(DeliveryRetry.decide(failedAttempts: 30, queuedAt: 0, now: 22 * hour, random: 0) == .retry(at: 23 * hour))
    #expect(DeliveryRetry.decide(failedAttempts: 30, queuedAt: 0, now: 23 * hour, random: 0) == .retry(at: 24 * hour))
    #expect(DeliveryRetry.decide(failedAttempts: 31, queuedAt: 0, now: 24 * hour, random: 0) == .giveUp)
  }

  @Test func manyRowsFailingTogetherComeBackSpreadOut() {
    let waits = Set((0..<10).map { DeliveryRetry.delay(afterFailedAttempts: 3, random: Double($0) / 10) })
    #expect(waits.count == 10)
    #expect(waits.allSatisfy { (96_000...120_000).contains($0) })
  }
}
