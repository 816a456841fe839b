import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct PeopleAPITests {
  let app: TestApp
  let eva: SessionTokens
  let ana: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
    ana = try app.login("ana")
  }

  func directory(_ query: PeopleQuery, as tokens: SessionTokens? = nil) throws -> Page<PersonSummary> {
    let response = app.send(.people(.directory(query)), token: (tokens ?? eva).accessToken)
    #expect(response.status == 200, "\(response.text)")
    return try JSONText.decode(Page<PersonSummary>.self, from: response)
  }

  @Test func searchIgnoresCaseAndAccents() throws {
    #expect(try directory(PeopleQuery(text: "lucia")).items.map(\.displayName) == ["Lucía Martín"])
    #expect(try directory(PeopleQuery(text: "ALVAREZ")).items.map(\.displayName) == ["Diego Álvarez"])
    #expect(try directory(PeopleQuery(text: "nuñez")).items.map(\.displayName) == ["Tomás Núñez"])
    // Every word must start a word: first and last name together, or a position.
    #expect(try directory(PeopleQuery(text: "eva fern")).items.map(\.displayName) == ["Eva Fernández"])
    #expect(try directory(PeopleQuery(text: "backend")).items.count == 3)
    // Department names are searched too, and nothing typed is read as search syntax.
    #expect(try directory(PeopleQuery(text: "culture")).items.count >= 4)
    #expect(try directory(PeopleQuery(text: "\"eva\" OR *")).items.isEmpty)
  }

  @Test func theDirectoryIsSortedByNameAndPaginated() throws {
    var names: [String] = []
    var cursor: String?
    repeat {
      let page = try directory(PeopleQuery(page: PageRequest(limit: 7, cursor: cursor)))
      names += page.items.map(\.displayName)
      cursor = page.nextCursor
    } while cursor != nil
    #expect(names.count == 40)
    let folded = names.map { $0.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased() }
    #expect(folded == folded.sorted(), "Álvaro sorts with the A's")
    #expect(Set(names).count == names.count)
  }

  @Test func filtersByDepartmentAndLocation() throws {
    let engineering = eva.user.department.id
    let madrid = eva.user.location.id
    let inEngineering = try directory(PeopleQuery(departmentID: engineering))
    #expect(inEngineering.items.allSatisfy { $0.department.id == engineering })
    #expect(inEngineering.items.count == 13, "mario, eva and 11 colleagues")
    let both = try directory(PeopleQuery(text: "developer", departmentID: engineering, locationID: madrid))
    #expect(both.items.allSatisfy { $0.location.name == "Madrid" && $0.position.contains("Developer") })
  }

  @Test func aSearchPagesThroughEveryMatchInNameOrder() throws {
    let whole = try directory(PeopleQuery(text: "engineering")).items.map(\.id)
    #expect(whole.count == 13)
    var paged: [String] = []
    var cursor: String?
    repeat {
      let page = try directory(PeopleQuery(text: "engineering", page: PageRequest(limit: 4, cursor: cursor)))
      paged += page.items.map(\.id)
      cursor = page.nextCursor
    } while cursor != nil
    #expect(paged == whole, "pages of four give the same people in the same order as one page")
  }

  @Test func aSearchFollowsSomeoneMovedToAnotherDepartment() throws {
    let marketing = ana.user.department.id
    let engineering = eva.user.department.id
    try #require(marketing != engineering)
    let moved = app.send(
      .people(.update(id: eva.user.id)), json: #"{"departmentId": "\#(marketing)"}"#, token: ana.accessToken)
    #expect(moved.status == 200)
    let found = { (department: String) in
      try self.directory(PeopleQuery(text: "eva", departmentID: department), as: self.ana).items.map(\.id)
    }
    #expect(try found(marketing) == [eva.user.id])
    #expect(try found(engineering).isEmpty)
  }

  /// The list reads its own columns of each person (not the profile's): whoever a page or a
  /// search lists shows what their profile shows.
  @Test func everyoneListedShowsWhatTheirProfileShows() throws {
    var listed: [PersonSummary] = []
    var cursor: String?
    repeat {
      let page = try directory(PeopleQuery(page: PageRequest(limit: 15, cursor: cursor)))
      listed += page.items
      cursor = page.nextCursor
    } while cursor != nil
    listed += try directory(PeopleQuery(text: "eva")).items
    #expect(listed.count == 41)
    for person in listed {
      let profile = try JSONText.decode(
        PersonProfile.self, from: app.send(.people(.profile(id: person.id)), token: eva.accessToken))
      #expect(
        [person.displayName, person.firstName, person.lastName, person.position, person.photoURL]
          == [profile.displayName, profile.firstName, profile.lastName, profile.position, profile.photoURL])
      #expect(person.department == profile.department && person.location == profile.location)
    }
  }

  @Test func aProfileShowsEverythingThePageNeeds() throws {
    let response = app.send(.people(.profile(id: eva.user.id)), token: ana.accessToken)
    let profile = try JSONText.decode(PersonProfile.self, from: response)
    #expect(profile.displayName == "Eva Fernández")
    #expect(profile.manager?.displayName == "Mario López")
    #expect(profile.email == "eva@atrium-demo.example")
    #expect(profile.startDate != nil)
    #expect(app.send(.people(.profile(id: "nobody")), token: eva.accessToken).status == 404)
    #expect(app.send(.people(.profile(id: eva.user.id))).status == 401)
  }

  @Test func anEmployeeChangesTheirOwnPhoneLocationAndBio() throws {
    let valladolid = try JSONText.decode(
      Page<LocationBody>.self, from: app.send(.places(.locations(.first)), token: eva.accessToken)
    )
    .items.first { $0.name == "Valladolid" }!
    let response = app.send(
      .me(.update),
      json: #"{"phone": "+34 611 222 333", "locationId": "\#(valladolid.id)", "bio": "  iOS and coffee  "}"#,
      token: eva.accessToken)
    #expect(response.status == 200)
    let profile = try JSONText.decode(PersonProfile.self, from: response)
    #expect(profile.phone == "+34 611 222 333")
    #expect(profile.location.name == "Valladolid")
    #expect(profile.bio == "iOS and coffee")
    let bad = app.send(
      .me(.update),
      json: #"{"phone": "611", "locationId": "nowhere", "bio": "\#(String(repeating: "x", count: 2001))"}"#,
      token: eva.accessToken)
    #expect(bad.status == 400)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["phone", "bio"])
    // Fields an employee may not change are simply not part of the body.
    let role = app.send(.me(.update), json: #"{"role": "admin"}"#, token: eva.accessToken)
    #expect(role.status == 200)
    #expect(try JSONText.decode(PersonProfile.self, from: role).role == .employee)
  }

  @Test func onlyAdminsChangeOthersAndAManagerLoopIsRefused() throws {
    let mario = try app.login("mario")
    #expect(
      app.send(.people(.update(id: eva.user.id)), json: #"{"position": "CTO"}"#, token: eva.accessToken).status == 403)
    #expect(
      app.send(.people(.update(id: eva.user.id)), json: #"{"position": "CTO"}"#, token: mario.accessToken).status == 403
    )
    let promoted = app.send(
      .people(.update(id: eva.user.id)), json: #"{"position": "Lead iOS Developer", "role": "manager"}"#,
      token: ana.accessToken)
    #expect(promoted.status == 200)
    #expect(try JSONText.decode(PersonProfile.self, from: promoted).role == .manager)
    // Mario manages Eva: making Eva Mario's manager would close a loop.
    let loop = app.send(
      .people(.update(id: mario.user.id)), json: #"{"managerId": "\#(eva.user.id)"}"#, token: ana.accessToken)
    #expect(loop.status == 400)
    #expect(loop.problem?.errors?.first?.field == "managerId")
    let own = app.send(
      .people(.update(id: eva.user.id)), json: #"{"managerId": "\#(eva.user.id)"}"#, token: ana.accessToken)
    #expect(own.status == 400)
    let none = app.send(.people(.update(id: eva.user.id)), json: #"{"managerId": null}"#, token: ana.accessToken)
    #expect(try JSONText.decode(PersonProfile.self, from: none).manager == nil)
    let bad = app.send(
      .people(.update(id: eva.user.id)), json: #"{"email": "not-an-email", "firstName": " ", "departmentId": "x"}"#,
      token: ana.accessToken)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["email", "firstName"])
    let taken = app.send(.people(.update(id: eva.user.id)), json: #"{"username": "mario"}"#, token: ana.accessToken)
    #expect(taken.status == 409)
  }

  @Test func deactivatingSomeoneEndsTheirSessionsAndHidesThem() throws {
    let response = app.send(.people(.update(id: eva.user.id)), json: #"{"active": false}"#, token: ana.accessToken)
    #expect(response.status == 200)
    #expect(app.send(.me(.show), token: eva.accessToken).status == 401)
    #expect(try directory(PeopleQuery(text: "eva"), as: ana).items.isEmpty)
    let pablo = try app.login("pablo.ruiz")
    #expect(app.send(.people(.profile(id: eva.user.id)), token: pablo.accessToken).status == 404)
    #expect(app.send(.people(.profile(id: eva.user.id)), token: ana.accessToken).status == 200)
    #expect(
      app.send(.people(.update(id: ana.user.id)), json: #"{"active": false}"#, token: ana.accessToken).status == 422)
  }

  @Test func theCompanyIsReadByAllAndChangedByAdmins() throws {
    let company = try JSONText.decode(CompanyBody.self, from: app.send(.company(.show), token: eva.accessToken))
    #expect(company.name == "Atrium Demo S.L.")
    #expect(app.send(.company(.update), json: #"{"name": "X"}"#, token: eva.accessToken).status == 403)
    let bad = app.send(
      .company(.update),
      json:
        #"{"website": "javascript:alert(1)", "phone": "12", "social": [{"network": "mastodon", "url": "ftp://x"}]}"#,
      token: ana.accessToken)
    #expect(bad.status == 400)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["website", "phone", "social[0].url"])
    let changed = app.send(
      .company(.update),
      json:
        #"{"website": "https://atrium.example", "social": [{"network": "mastodon", "url": "https://mastodon.social/@atrium"}]}"#,
      token: ana.accessToken)
    #expect(changed.status == 200)
    let body = try JSONText.decode(CompanyBody.self, from: changed)
    #expect(body.social == [SocialAccount(network: "mastodon", url: "https://mastodon.social/@atrium")])
    #expect(body.website == "https://atrium.example")
  }

  @Test func departmentsAreRenamedAndOnlyUnusedPlacesRemoved() throws {
    let engineering = eva.user.department.id
    // A page read before the change: the instance keeps the names it showed.
    #expect(try directory(PeopleQuery()).items.contains { $0.department == eva.user.department })
    let renamed = app.send(
      .places(.updateDepartment(id: engineering)), json: #"{"name": "Ingeniería"}"#, token: ana.accessToken)
    #expect(renamed.status == 200)
    let found = try directory(PeopleQuery(text: "ingenieria")).items
    #expect(found.count == 13, "the search follows the new name")
    #expect(found.allSatisfy { $0.department.name == "Ingeniería" }, "and every page shows it at once")
    #expect(app.send(.places(.deleteDepartment(id: engineering)), token: ana.accessToken).status == 409)
    #expect(app.send(.places(.deleteLocation(id: eva.user.location.id)), token: ana.accessToken).status == 409)
    let legal = try JSONText.decode(
      DepartmentBody.self,
      from: app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana.accessToken))
    #expect(app.send(.places(.deleteDepartment(id: legal.id)), token: eva.accessToken).status == 403)
    #expect(app.send(.places(.deleteDepartment(id: legal.id)), token: ana.accessToken).status == 204)
    #expect(app.send(.places(.deleteDepartment(id: legal.id)), token: ana.accessToken).status == 404)
    let lisboa = try JSONText.decode(
      LocationBody.self, from: app.send(.places(.createLocation), json: #"{"name": "Lisboa"}"#, token: ana.accessToken))
    #expect(app.send(.places(.deleteLocation(id: lisboa.id)), token: ana.accessToken).status == 204)
  }
}
