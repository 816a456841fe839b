import AtriumDomain
import AtriumServices
import Foundation
import Testing

/// "Today where the person works" comes from each zone's offset kept until its next transition
/// (`ZoneOffsets`): it must give the date Foundation gives, at every quarter of an hour through
/// two years of transitions (half-hour ones, one at a quarter to the hour, a zone whose summer
/// time stops for Ramadan), for no zone at all, and when the clock goes back.
@Suite struct ZoneOffsetsTests {
  static let zones = [
    "Europe/Madrid", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham",
    "America/Santiago", "Africa/Casablanca", "UTC", "Not/AZone",
  ]

  @Test(arguments: zones)
  func everyQuarterOfAnHourGivesFoundationsDate(zoneName: String) {
    let zone = LeaveContext.zone(named: zoneName)
    var instant = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    let end = Date(timeIntervalSince1970: 1_830_297_600)  // 2028-01-01T00:00:00Z
    var wrong = 0
    while instant < end {
      let kept = ZoneOffsets.date(of: instant, inZoneNamed: zoneName)
      let expected = LeaveContext.date(of: instant, in: zone)
      if kept != expected {
        wrong += 1
        if wrong <= 3 { Issue.record("\(zoneName) at \(instant): \(kept), Foundation says \(expected)") }
      }
      instant.addTimeInterval(900)
    }
    #expect(wrong == 0, "\(zoneName): \(wrong) quarters of an hour with another date")
  }

  @Test func instantsInAnyOrderGiveFoundationsDate() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let zoneName = Self.zones.randomElement(using: &random)!
      let instant = Date(timeIntervalSince1970: Double.random(in: 1_767_225_600..<1_830_297_600, using: &random))
      #expect(
        ZoneOffsets.date(of: instant, inZoneNamed: zoneName)
          == LeaveContext.date(of: instant, in: LeaveContext.zone(named: zoneName)), "\(zoneName) at \(instant)")
    }
  }
}
