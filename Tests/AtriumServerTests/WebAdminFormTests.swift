import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 15 (admin forms 6): labelled fields, a holiday's refusal next to its form, and a
/// year's holidays copied to the next in one action.
@Suite(.checksBalanceRows) struct WebAdminFormTests {
  let app: TestApp
  let ana: WebClient

  init() throws {
    app = try TestApp()
    ana = WebClient(app)
    ana.signIn("ana")
  }

  func madrid() throws -> String {
    try #require(
      ana.get("/admin/leave").text.firstMatch(of: /<option value="([^"]+)"( selected)?>Madrid/).map { String($0.1) })
  }

  @Test func everyFieldHasAVisibleLabel() throws {
    let evaID = try #require(
      ana.get("/team").text.firstMatch(of: /href="\/team\/([0-9a-f-]+)"[^>]*>.{0,200}Eva Fernández/).map {
        String($0.1)
      })
    let person = ana.get("/admin/people/\(evaID)").text
    #expect(person.contains("<label for=\"allowance-year\">") && person.contains("<label for=\"allowance-days\">"))
    let places = ana.get("/admin/places").text
    #expect(places.contains("<label for=\"location-name\">") && places.contains("<label for=\"department-name\">"))
    #expect(!places.contains("placeholder=\"Name\""), "no placeholder stands in for a label")
    let leave = ana.get("/admin/leave").text
    #expect(leave.contains("<label for=\"holiday-half\">") && leave.contains("<label for=\"holidays-year\">"))
  }

  @Test func aRefusedHolidayIsExplainedByItsForm() throws {
    let location = try madrid()
    let form = ["locationId": location, "date": "2026-05-15", "name": "San Isidro"]
    #expect(ana.post("/admin/leave/holidays", from: "/admin/leave", form).status == 303)
    let again = ana.post("/admin/leave/holidays", from: "/admin/leave", form)
    #expect(again.status == 409)
    let holidayForm = try #require(
      again.text.firstMatch(of: /<form[^>]*id="holiday-form"[^>]*>(.*?)<\/form>/.dotMatchesNewlines()))
    #expect(holidayForm.1.contains("role=\"alert\""), "the refusal is inside the holiday form")
    #expect(again.text.contains("<strong>15 May 2026</strong>"), "the page stays on the holiday's year")
  }

  @Test func aYearsHolidaysAreCopiedToTheNext() throws {
    let location = try madrid()
    for (date, name) in [("2027-05-15", "San Isidro"), ("2027-12-25", "Navidad"), ("2028-12-25", "Navidad")] {
      let added = ana.post(
        "/admin/leave/holidays", from: "/admin/leave", ["locationId": location, "date": date, "name": name])
      #expect(added.status == 303)
    }
    func count(_ year: Int) throws -> Int {
      try app.database.read { try LeaveSettingsStoreCount.holidays(in: $0, location: location, year: year) }
    }
    let copy = ["locationId": location, "fromYear": "2027"]
    let copied = ana.submit("/admin/leave/holidays/copy", from: "/admin/leave", copy)
    #expect(copied.text.contains("1 holiday copied to 2028; 1 was already there"), "Christmas was already there")
    #expect(copied.text.contains("Easter"), "movable holidays are to be checked by hand")
    #expect(copied.text.contains("<strong>15 May 2028</strong>"), "the page shows the year copied to")
    #expect(try count(2028) == 2)
    let twice = ana.submit("/admin/leave/holidays/copy", from: "/admin/leave", copy)
    #expect(twice.text.contains("0 holidays copied to 2028; 2 were already there"))
    #expect(try count(2028) == 2)
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.post("/admin/leave/holidays/copy", from: "/time-off", copy).status == 403)
  }
}

/// Counts holidays straight from the store.
enum LeaveSettingsStoreCount {
  static func holidays(in connection: any DatabaseConnection, location: String, year: Int) throws -> Int {
    try LeaveSettingsStore(connection).holidays(locationID: location, year: year).count
  }
}
