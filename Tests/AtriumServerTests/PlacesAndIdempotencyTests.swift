import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct PlacesTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func everyoneReadsLocationsAndDepartments() throws {
    let token = try app.login("eva").accessToken
    let locations = try JSONText.decode(
      Page<LocationBody>.self, from: app.send(.places(.locations(.first)), token: token))
    #expect(locations.items.map(\.name) == ["Madrid", "Valladolid"])
    #expect(locations.items.allSatisfy { $0.timeZone == "Europe/Madrid" && $0.weekendDays == [6, 7] })
    #expect(locations.nextCursor == nil)
    let departments = try JSONText.decode(
      Page<DepartmentBody>.self, from: app.send(.places(.departments(.first)), token: token))
    #expect(departments.items.map(\.name) == ["Engineering", "Operations", "People & Culture", "Sales"])
    #expect(app.send(.places(.departments(.first))).status == 401)
  }

  @Test func listsArePaginated() throws {
    let token = try app.login("eva").accessToken
    let first = try JSONText.decode(
      Page<DepartmentBody>.self, from: app.send(.places(.departments(PageRequest(limit: 3))), token: token))
    #expect(first.items.count == 3)
    let cursor = try #require(first.nextCursor)
    let second = try JSONText.decode(
      Page<DepartmentBody>.self,
      from: app.send(.places(.departments(PageRequest(limit: 3, cursor: cursor))), token: token))
    #expect(second.items.map(\.name) == ["Sales"])
    #expect(second.nextCursor == nil)
    let bad = app.send(.places(.departments(PageRequest(limit: 3, cursor: "not-a-cursor"))), token: token)
    #expect(bad.status == 400)
    #expect(bad.problem?.errors?.first?.field == "cursor")
  }

  @Test func onlyAdminsAddPlaces() throws {
    let eva = try app.login("eva").accessToken
    let ana = try app.login("ana").accessToken
    #expect(app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: eva).status == 403)
    let created = app.send(.places(.createDepartment), json: #"{"name": "  Legal "}"#, token: ana)
    #expect(created.status == 201)
    #expect(try JSONText.decode(DepartmentBody.self, from: created).name == "Legal")
    let duplicate = app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana)
    #expect(duplicate.status == 409)
    let location = app.send(
      .places(.createLocation), json: #"{"name": "Lisboa", "timeZone": "Europe/Lisbon", "weekendDays": [7]}"#,
      token: ana)
    #expect(location.status == 201)
    let body = try JSONText.decode(LocationBody.self, from: location)
    #expect(body.timeZone == "Europe/Lisbon")
    #expect(body.weekendDays == [7])
  }

  @Test func invalidPlacesListEveryField() throws {
    let ana = try app.login("ana").accessToken
    let response = app.send(
      .places(.createLocation), json: #"{"name": " ", "timeZone": "Mars/Olympus", "weekendDays": [0, 8]}"#, token: ana)
    #expect(response.status == 400)
    #expect(Set(response.problem?.errors?.map(\.field) ?? []) == ["name", "timeZone", "weekendDays"])
    let everyDayOff = app.send(
      .places(.createLocation), json: #"{"name": "Beach", "weekendDays": [1,2,3,4,5,6,7]}"#, token: ana)
    #expect(everyDayOff.status == 400)
  }

  @Test func photoIsInitialsUntilThereIsOne() throws {
    let tokens = try app.login("eva")
    let response = app.send("GET", tokens.user.photoURL, token: tokens.accessToken)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "image/svg+xml")
    #expect(response.text.contains(">EF</text>"))
    let unknown = app.send(
      .people(.photo(id: "00000000-0000-0000-0000-000000000000", size: .large)), token: tokens.accessToken)
    #expect(unknown.status == 404)
  }
}

@Suite(.checksBalanceRows) struct IdempotencyTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func replayReturnsTheFirstResponseAndCreatesNothingNew() throws {
    let ana = try app.login("ana").accessToken
    let key = [("Idempotency-Key", "create-legal-1")]
    let first = app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana, headers: key)
    #expect(first.status == 201)
    let replay = app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana, headers: key)
    #expect(replay.status == 201)
    #expect(replay.body == first.body)
    #expect(replay.headers["Idempotent-Replayed"] == "true")
    let departments = try JSONText.decode(
      Page<DepartmentBody>.self, from: app.send(.places(.departments(.first)), token: ana))
    #expect(departments.items.filter { $0.name == "Legal" }.count == 1)
  }

  @Test func refusalsAreReplayedToo() throws {
    let eva = try app.login("eva").accessToken
    let key = [("Idempotency-Key", "k")]
    let first = app.send(.places(.createDepartment), json: #"{"name": "X"}"#, token: eva, headers: key)
    #expect(first.status == 403)
    let replay = app.send(.places(.createDepartment), json: #"{"name": "X"}"#, token: eva, headers: key)
    #expect(replay.status == 403)
    #expect(replay.headers["Idempotent-Replayed"] == "true")
  }

  @Test func sameKeyForAnotherRequestIs422() throws {
    let ana = try app.login("ana").accessToken
    let key = [("Idempotency-Key", "reused")]
    #expect(app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana, headers: key).status == 201)
    let other = app.send(.places(.createDepartment), json: #"{"name": "Finance"}"#, token: ana, headers: key)
    #expect(other.status == 422)
  }

  @Test func keysAreScopedToTheCaller() throws {
    let ana = try app.login("ana").accessToken
    let eva = try app.login("eva").accessToken
    let key = [("Idempotency-Key", "shared")]
    #expect(app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana, headers: key).status == 201)
    // Eva never sees Ana's stored answer.
    #expect(app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: eva, headers: key).status == 403)
  }

  @Test func keysExpireAfterADay() throws {
    let ana = try app.login("ana").accessToken
    let key = [("Idempotency-Key", "daily")]
    #expect(app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana, headers: key).status == 201)
    app.clock.advance(by: 24 * 3600 + 1)
    let fresh = try app.login("ana").accessToken
    let again = app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: fresh, headers: key)
    #expect(again.status == 409, "runs anew, and the name is now taken")
    #expect(again.headers["Idempotent-Replayed"] == nil)
  }

  @Test func malformedKeyIs400() throws {
    let ana = try app.login("ana").accessToken
    let response = app.send(
      .places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana,
      headers: [("Idempotency-Key", String(repeating: "k", count: 300))])
    #expect(response.status == 400)
  }
}

@Suite(.checksBalanceRows) struct CheckOrderTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func permissionIsCheckedBeforeInput() throws {
    let eva = try app.login("eva").accessToken
    #expect(app.send(.places(.createDepartment), json: "{not json", token: eva).status == 403)
    #expect(app.send("POST", "/api/v1/locations", token: eva, headers: [("Content-Type", "text/plain")]).status == 403)
    #expect(app.send(.places(.createDepartment), json: "{not json").status == 401)
  }

  @Test func headIsAnsweredLikeGet() throws {
    let response = app.send("HEAD", "/healthz")
    #expect(response.status == 200)
    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
  }
}
