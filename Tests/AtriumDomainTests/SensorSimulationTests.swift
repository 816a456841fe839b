import AtriumDomain
import Testing

/// The simulator's readings look like a real office's.
struct SensorSimulationTests {
  let room = SensorSimulation(room: 2)

  @Test func temperatureFollowsTheDay_warmestInTheAfternoon() {
    let night = room.value(.temperature, hour: 5, isWeekday: true, second: 1)
    let afternoon = room.value(.temperature, hour: 15, isWeekday: true, second: 1)
    #expect(afternoon - night > 3)
    #expect((18...26).contains(night) && (18...26).contains(afternoon))
  }

  @Test func noiseIsInOfficeHoursOnWeekdays() {
    #expect(room.value(.noise, hour: 11, isWeekday: true, second: 7) > 45)
    #expect(room.value(.noise, hour: 23, isWeekday: true, second: 7) < 40)
    #expect(room.value(.noise, hour: 11, isWeekday: false, second: 7) < 40)
  }

  @Test func co2RisesDuringAMeetingAndFallsAfter() {
    let before = room.value(.co2, hour: 9.4, isWeekday: true, second: 3)
    let end = room.value(.co2, hour: 10.45, isWeekday: true, second: 3)
    let later = room.value(.co2, hour: 11.5, isWeekday: true, second: 3)
    #expect(end - before > 500, "\(before) → \(end)")
    #expect(later < end - 400, "\(end) → \(later)")
    // Enough to cross a "CO₂ above 1,000" rule, well inside what a sensor can read.
    #expect(end > 1_000 && end < 2_000)
  }

  @Test func everyValueIsWithinWhatTheKindCanBe_andTheSameTimeGivesTheSameValue() {
    for kind in SensorKind.allCases {
      for quarter in 0..<96 {
        let hour = Double(quarter) / 4
        let value = room.value(kind, hour: hour, isWeekday: quarter % 2 == 0, second: quarter)
        #expect(kind.physicalRange.contains(value))
        #expect(ReadingRefusal.check(kind: kind.rawValue, value: value, registered: [kind]) == nil)
        #expect(value == room.value(kind, hour: hour, isWeekday: quarter % 2 == 0, second: quarter))
      }
    }
    #expect(
      SensorSimulation(room: 1).value(.co2, hour: 11, isWeekday: true, second: 5)
        != SensorSimulation(room: 2).value(.co2, hour: 11, isWeekday: true, second: 5))
  }
}
