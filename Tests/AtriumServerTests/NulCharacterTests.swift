import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

/// A NUL character (U+0000) that reaches the database is never a server error. Text fields
/// refuse control characters before that (both engines); what is left are ids and filters in
/// paths and queries. SQLite compares them like any text; PostgreSQL's text cannot hold a
/// NUL, so there the request is refused with 400, worded by the catalogue.
@Suite(.checksBalanceRows) struct NulCharacterTests {
  @Test func idsAndFiltersWithANulCharacterAreNeverAServerError() throws {
    let app = try TestApp()
    let mario = try app.login("mario")
    for target in [
      "/api/v1/people?departmentId=%00", "/api/v1/people?q=a%00b", "/api/v1/leave/a%00b", "/api/v1/people/a%00b",
      "/api/v1/people/a%00b/leave",
    ] {
      let response = app.send("GET", target, token: mario.accessToken)
      #expect(response.status < 500, "\(target): \(response.status) \(response.text)")
      if TestDatabase.engine == .postgres && response.status == 400 {
        #expect(response.problem?.detail?.contains("null character (U+0000)") == true, "\(target)")
      }
    }
  }
}
