import AtriumDomain
import Testing

/// A Madrid-like calendar: Saturday-Sunday weekend, full and half-day holidays.
let madrid = WorkCalendar(
  weekendDays: [.saturday, .sunday],
  holidays: [
    Holiday(date: date("2026-01-01"), name: "Año Nuevo"),
    Holiday(date: date("2026-01-06"), name: "Reyes"),
    Holiday(date: date("2026-03-19"), name: "San José (morning)", half: .morning),
    Holiday(date: date("2026-05-01"), name: "Día del Trabajo"),
    Holiday(date: date("2026-12-24"), name: "Nochebuena (afternoon)", half: .afternoon),
    Holiday(date: date("2026-12-25"), name: "Navidad"),
    Holiday(date: date("2026-12-31"), name: "Nochevieja (afternoon)", half: .afternoon),
    Holiday(date: date("2027-01-01"), name: "Año Nuevo"),
    Holiday(date: date("2027-01-06"), name: "Reyes"),
  ])

/// A calendar with a Friday-Saturday weekend and no holidays.
let fridaySaturday = WorkCalendar(weekendDays: [.friday, .saturday])

func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

struct DayCountCase: CustomTestStringConvertible, Sendable {
  let name: String
  let start: String
  let end: String
  var startHalf: StartHalf = .full
  var endHalf: EndHalf = .full
  var fridaySaturdayWeekend = false
  let expected: Double
  var perYear: [Int: Double]? = nil

  var testDescription: String { name }
}

let dayCountCases: [DayCountCase] = [
  DayCountCase(name: "one weekday", start: "2026-03-02", end: "2026-03-02", expected: 1),
  DayCountCase(name: "Monday to Friday", start: "2026-03-02", end: "2026-03-06", expected: 5),
  DayCountCase(name: "Monday to Sunday", start: "2026-03-02", end: "2026-03-08", expected: 5),
  DayCountCase(name: "a Saturday", start: "2026-03-07", end: "2026-03-07", expected: 0),
  DayCountCase(name: "a weekend", start: "2026-03-07", end: "2026-03-08", expected: 0),
  DayCountCase(name: "Friday to Monday", start: "2026-03-06", end: "2026-03-09", expected: 2),
  DayCountCase(name: "one afternoon", start: "2026-03-02", end: "2026-03-02", startHalf: .afternoon, expected: 0.5),
  DayCountCase(name: "one morning", start: "2026-03-02", end: "2026-03-02", endHalf: .morning, expected: 0.5),
  DayCountCase(name: "half first day", start: "2026-03-02", end: "2026-03-06", startHalf: .afternoon, expected: 4.5),
  DayCountCase(name: "half last day", start: "2026-03-02", end: "2026-03-06", endHalf: .morning, expected: 4.5),
  DayCountCase(
    name: "half days at both ends", start: "2026-03-02", end: "2026-03-06", startHalf: .afternoon, endHalf: .morning,
    expected: 4),
  DayCountCase(
    name: "half start on a Saturday", start: "2026-03-07", end: "2026-03-09", startHalf: .afternoon, expected: 1),
  DayCountCase(name: "half end on a Sunday", start: "2026-03-06", end: "2026-03-08", endHalf: .morning, expected: 1),
  DayCountCase(name: "a full holiday", start: "2026-05-01", end: "2026-05-01", expected: 0),
  DayCountCase(name: "a week with a full holiday", start: "2026-04-27", end: "2026-05-01", expected: 4),
  DayCountCase(
    name: "half start on a full holiday", start: "2026-05-01", end: "2026-05-04", startHalf: .afternoon, expected: 1),
  DayCountCase(name: "morning-holiday, whole day asked", start: "2026-03-19", end: "2026-03-19", expected: 0.5),
  DayCountCase(
    name: "morning-holiday, afternoon asked", start: "2026-03-19", end: "2026-03-19", startHalf: .afternoon,
    expected: 0.5),
  DayCountCase(
    name: "morning-holiday, morning asked", start: "2026-03-19", end: "2026-03-19", endHalf: .morning, expected: 0),
  DayCountCase(
    name: "ending on the free morning", start: "2026-03-18", end: "2026-03-19", endHalf: .morning, expected: 1),
  DayCountCase(
    name: "starting on the worked afternoon", start: "2026-03-19", end: "2026-03-20", startHalf: .afternoon,
    expected: 1.5),
  DayCountCase(name: "afternoon-holiday, whole day asked", start: "2026-12-24", end: "2026-12-24", expected: 0.5),
  DayCountCase(
    name: "afternoon-holiday, morning asked", start: "2026-12-24", end: "2026-12-24", endHalf: .morning, expected: 0.5),
  DayCountCase(
    name: "afternoon-holiday, afternoon asked", start: "2026-12-24", end: "2026-12-24", startHalf: .afternoon,
    expected: 0),
  DayCountCase(name: "Christmas week", start: "2026-12-21", end: "2026-12-25", expected: 3.5),
  DayCountCase(
    name: "across New Year", start: "2026-12-28", end: "2027-01-08", expected: 7.5, perYear: [2026: 3.5, 2027: 4]),
  DayCountCase(
    name: "across New Year with a half end", start: "2026-12-31", end: "2027-01-04", endHalf: .morning, expected: 1,
    perYear: [2026: 0.5, 2027: 0.5]),
  DayCountCase(name: "leap day", start: "2024-02-29", end: "2024-02-29", expected: 1),
  DayCountCase(name: "around the leap day", start: "2024-02-28", end: "2024-03-01", expected: 3),
  DayCountCase(name: "the whole of 2026", start: "2026-01-01", end: "2026-12-31", expected: 255.5),
  DayCountCase(name: "a week around Epiphany", start: "2026-01-05", end: "2026-01-09", expected: 4),
  DayCountCase(
    name: "Friday-Saturday weekend, Thursday to Sunday", start: "2026-03-05", end: "2026-03-08",
    fridaySaturdayWeekend: true, expected: 2),
  DayCountCase(
    name: "Friday-Saturday weekend, a Sunday", start: "2026-03-08", end: "2026-03-08", fridaySaturdayWeekend: true,
    expected: 1),
  DayCountCase(
    name: "Friday-Saturday weekend, half start on Friday", start: "2026-03-06", end: "2026-03-08",
    startHalf: .afternoon, fridaySaturdayWeekend: true, expected: 1),
]

@Suite struct WorkCalendarTests {
  @Test(arguments: dayCountCases)
  func countsWorkingDays(_ test: DayCountCase) throws {
    let calendar = test.fridaySaturdayWeekend ? fridaySaturday : madrid
    let span = try LeaveSpan(
      start: date(test.start), end: date(test.end), startHalf: test.startHalf, endHalf: test.endHalf)
    let time = calendar.workingTime(of: span)
    #expect(time.total.days == test.expected)
    if let perYear = test.perYear {
      #expect(time.perYear.mapValues(\.days) == perYear)
    } else {
      #expect(time.perYear.keys.count <= 1)
    }
  }

  @Test func thereAreAtLeastThirtyCases() {
    #expect(dayCountCases.count >= 30)
  }

  @Test func endBeforeStartIsRefused() {
    #expect(throws: LeaveSpan.Problem.endBeforeStart) {
      try LeaveSpan(start: date("2026-03-03"), end: date("2026-03-02"))
    }
  }

  @Test func noonToNoonOnOneDayIsRefused() {
    #expect(throws: LeaveSpan.Problem.emptySingleDay) {
      try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-02"), startHalf: .afternoon, endHalf: .morning)
    }
  }

  @Test func overlapIsJudgedByHalfDays() throws {
    let morning = try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-02"), endHalf: .morning)
    let afternoon = try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-02"), startHalf: .afternoon)
    let week = try LeaveSpan(start: date("2026-02-23"), end: date("2026-03-02"), endHalf: .morning)
    let nextWeek = try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-06"), startHalf: .afternoon)
    let long = try LeaveSpan(start: date("2026-02-01"), end: date("2026-04-01"))
    #expect(!morning.overlaps(afternoon))
    #expect(!week.overlaps(nextWeek))
    #expect(week.overlaps(morning))
    #expect(long.overlaps(afternoon))
    #expect(afternoon.overlaps(long))
    #expect(!long.overlaps(try LeaveSpan(start: date("2026-04-02"), end: date("2026-04-03"))))
  }

  @Test func dayNumbersRoundTrip() {
    for text in ["0001-01-01", "1999-12-31", "2000-02-29", "2026-11-29", "9999-12-31"] {
      let value = date(text)
      #expect(CalendarDate(dayNumber: value.dayNumber) == value)
    }
    #expect(date("2026-12-31").adding(days: 1) == date("2027-01-01"))
    #expect(date("2024-03-01").adding(days: -1) == date("2024-02-29"))
    #expect(date("2026-01-01").days(to: date("2027-01-01")) == 365)
  }
}
