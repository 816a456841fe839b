import AtriumDomain
import Foundation
import Testing

@Suite struct CalendarDateTests {
  @Test(arguments: ["2024-02-29", "2026-01-01", "2026-12-31", "0001-01-01"])
  func parsesRealDays(_ text: String) throws {
    let date = try #require(CalendarDate(text))
    #expect(date.description == text)
  }

  @Test(arguments: [
    "2025-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01", "2026/01/01", "",
    "2026-01-01T00:00",
  ])
  func refusesImpossibleOrMalformedDays(_ text: String) {
    #expect(CalendarDate(text) == nil)
  }

  @Test func ordersChronologically() throws {
    let dates = ["2026-03-01", "2025-12-31", "2026-02-28"].compactMap { CalendarDate($0) }
    #expect(dates.sorted().map(\.description) == ["2025-12-31", "2026-02-28", "2026-03-01"])
  }

  @Test func decodingNamesTheBadValueAndTheRule() throws {
    let json = Data(#"["2026-02-30"]"#.utf8)
    let violation = try #require(throws: FieldRuleViolation.self) {
      try JSONDecoder().decode([CalendarDate].self, from: json)
    }
    #expect(violation.rule == .date && violation.codingPath.first?.intValue == 0)
  }

  @Test func weekdayMatchesTheCalendar() throws {
    #expect(Weekday(try #require(CalendarDate("2026-11-29"))) == .sunday)
    #expect(Weekday(try #require(CalendarDate("2026-03-02"))) == .monday)
    #expect(Weekday(try #require(CalendarDate("2000-02-29"))) == .tuesday)
    #expect(Weekday(try #require(CalendarDate("1970-01-01"))) == .thursday)
  }
}

@Suite struct CredentialsTests {
  @Test func usernamesAreTrimmedAndLowercased() {
    #expect(Credentials.normalizedUsername("  Eva ") == "eva")
  }

  @Test func usernameAlphabet() {
    #expect(Credentials.isValidUsername("pablo.ruiz"))
    #expect(Credentials.isValidUsername("josé_m-1@corp"))
    #expect(!Credentials.isValidUsername(""))
    #expect(!Credentials.isValidUsername("a b"))
    #expect(!Credentials.isValidUsername("a)(uid=*"))
  }

  @Test func passwordLengthIsCountedInCharacters() throws {
    func refusals(_ password: String, minimum: Int = 6, current: String? = nil) -> [FieldRule] {
      var validator = Validator()
      PasswordPolicy(minimumLength: minimum).check(
        password, current: current, field: "new", isCommon: { $0 == "qwerty123" }, into: &validator)
      return validator.errors.compactMap(\.rule)
    }
    #expect(refusals("ñññããã").isEmpty, "six characters, twelve bytes")
    #expect(refusals("ñññããã", minimum: 8) == [.charactersBetween(8, 128)])
    #expect(refusals("short") == [.charactersBetween(6, 128)])
    #expect(refusals(String(repeating: "x", count: 129)) == [.charactersBetween(6, 128)])
    #expect(refusals(String(repeating: "x", count: 128)).isEmpty)
    #expect(refusals("QWERTY123") == [.commonPassword], "compared without case")
    #expect(refusals("same-as-before", current: "same-as-before") == [.differentFromCurrent])
    #expect(PasswordPolicy().minimumLength == 8)
  }

  @Test func displayNameAndInitials() {
    let employee = Employee(
      id: "1", username: "eva", email: "eva@example.com", firstName: "Eva", lastName: "Fernández",
      departmentID: "d", locationID: "l")
    #expect(employee.displayName == "Eva Fernández")
    #expect(employee.initials == "EF")
    let nameless = Employee(
      id: "2", username: "root", email: "r@example.com", firstName: "", lastName: "", departmentID: "d", locationID: "l"
    )
    #expect(nameless.displayName == "root")
    #expect(nameless.initials == "R")
  }
}
