import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumSQL
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// The directory's pages are written from what the instance encoded of each person before,
/// used while their row and the place names still read the same (`EncodedPersonSummaries`).
/// Whatever changes a person or the names of their department and location, on this instance
/// or another, every page must be byte for byte what encoding the people afresh gives.
@Suite struct EncodedPeopleTests {
  /// The directory whole, a search, and the first department's people, in short pages.
  static func queries(_ app: TestApp) throws -> [PeopleQuery] {
    let department = try #require(try app.database.read { try Self.places($0).departments.first })
    return [
      PeopleQuery(page: PageRequest(limit: 3)), PeopleQuery(text: "a", page: PageRequest(limit: 2)),
      PeopleQuery(departmentID: department.id, page: PageRequest(limit: 2)),
    ]
  }

  @Test(arguments: [UInt64(1), 2])
  func randomChangesShowAsIfEncodedAfresh(seed: UInt64) throws {
    let app = try TestApp()
    let token = try app.login("eva").accessToken
    var random = SeededRandom(seed: seed)
    // Written through the instance, as its services write: what it keeps hears of it.
    let instance = app.app.environment.database
    let queries = try Self.queries(app)
    for step in 0..<60 {
      let change = try instance.write { try Self.applyRandomChange($0, random: &random) }
      for query in queries {
        guard try Self.expectPagesAsIfEncodedAfresh(app, token, query, "seed \(seed), step \(step) (\(change))")
        else { return }
      }
    }
  }

  /// Each column a person is written from, changed alone, shows on the next page.
  @Test func eachColumnChangedAloneShows() throws {
    let app = try TestApp()
    let token = try app.login("ana").accessToken
    let eva = try #require(try app.database.read { try PeopleStore($0).employee(username: "eva") })
    let (departments, locations) = try app.database.read { try Self.places($0) }
    let department = try #require(departments.first { $0.id != eva.departmentID })
    let location = try #require(locations.first { $0.id != eva.locationID })
    let changes: [(String, (inout Employee) -> Void)] = [
      ("first name", { $0.firstName = "Evita" }), ("last name", { $0.lastName = "O'Brien" }),
      ("username", { $0.username = "eva.obrien" }), ("position", { $0.position = "Head of \"Tests\"" }),
      ("department", { $0.departmentID = department.id }), ("location", { $0.locationID = location.id }),
      ("photo", { $0.photoID = "00000000-0000-4000-8000-00000000ph01" }), ("no photo", { $0.photoID = nil }),
      ("deactivated", { $0.isActive = false }), ("active again", { $0.isActive = true }),
    ]
    for (what, change) in changes {
      #expect(Self.page(app, token, PeopleQuery()).status == 200, "kept before the change of \(what)")
      try app.app.environment.database.write { connection in
        let people = PeopleStore(connection)
        var person = try #require(try people.employee(id: eva.id))
        change(&person)
        try people.update(person)
      }
      try Self.expectPagesAsIfEncodedAfresh(app, token, PeopleQuery(), "after the change of \(what)")
    }
    let shown = Self.page(app, token, PeopleQuery(text: "evita")).text
    #expect(shown.contains(#""displayName":"Evita O'Brien""#))
    #expect(shown.contains(#""position":"Head of \"Tests\"""#))
  }

  /// Another instance's change of a name reaches this one within a second (`RecentReads`), and
  /// its pages are then as if encoded afresh.
  @Test func aRenameOnAnotherInstanceShows() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let token = try first.login("eva").accessToken
    try Self.expectPagesAsIfEncodedAfresh(first, token, PeopleQuery(), "before")
    try second.app.environment.database.write { connection in
      let eva = try #require(try PeopleStore(connection).employee(username: "eva"))
      let places = PlacesStore(connection)
      var department = try #require(try places.department(id: eva.departmentID))
      department.name = "Platform Engineering"
      try places.update(department)
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while !Self.page(first, token, PeopleQuery()).text.contains("Platform Engineering"), ContinuousClock.now < deadline
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(Self.page(first, token, PeopleQuery()).text.contains("Platform Engineering"))
    try Self.expectPagesAsIfEncodedAfresh(first, token, PeopleQuery(), "after")
  }

  // MARK: Checking

  static func page(_ app: TestApp, _ token: String, _ query: PeopleQuery) -> HTTPResponse {
    app.send(.people(.directory(query)), token: token)
  }

  /// The query's pages as served, against the same pages of people read afresh (an
  /// environment that keeps nothing) and encoded as they are.
  /// - Returns: Whether they were the same.
  @discardableResult
  static func expectPagesAsIfEncodedAfresh(
    _ app: TestApp, _ token: String, _ query: PeopleQuery, _ context: String
  ) throws -> Bool {
    let afresh = PeopleService(environment: app.environment)
    var query = query
    for pageNumber in 0..<4 {
      let served = page(app, token, query)
      #expect(served.status == 200, "\(context)")
      let expected = try afresh.directory(query)
      let expectedText = String(decoding: try StreamingJSONEncoder().encode(expected), as: UTF8.self)
      // Compared as a whole, but only the first difference is shown: a page is long.
      let difference = zip(served.text, expectedText).prefix { $0 == $1 }.count
      #expect(
        served.text == expectedText,
        "\(context): \(query), page \(pageNumber), from character \(difference): served \(served.text.dropFirst(difference).prefix(120)), afresh \(expectedText.dropFirst(difference).prefix(120))"
      )
      if served.text != expectedText { return false }
      guard let next = expected.nextCursor else { return true }
      query.page = PageRequest(limit: query.page.limit, cursor: next)
    }
    return true
  }

  static func places(
    _ connection: any DatabaseConnection
  ) throws -> (
    departments: [Department], locations: [Location]
  ) {
    let places = PlacesStore(connection)
    return (try places.departments(limit: 100, after: nil).items, try places.locations(limit: 100, after: nil).items)
  }

  /// One random change to a person, or to a department's or location's name.
  private static func applyRandomChange(
    _ connection: any DatabaseConnection, random: inout SeededRandom
  ) throws
    -> String
  {
    let people = PeopleStore(connection)
    let places = PlacesStore(connection)
    // Anyone but eva, who reads the pages (a deactivated reader is refused).
    let everyone = try people.everyone(after: "", limit: 100).filter { $0.username != "eva" }
    let (departments, locations) = try Self.places(connection)
    var person = everyone.randomElement(using: &random)!
    let word = ["Álvaro", "Zoë", "Ann", "Bea", "Carl", "\"Q\"", "Dana"].randomElement(using: &random)!
    switch Int.random(in: 0..<9, using: &random) {
    case 0: person.firstName = word
    case 1: person.lastName = word
    case 2: person.position = "\(word) lead"
    case 3: person.departmentID = departments.randomElement(using: &random)!.id
    case 4: person.locationID = locations.randomElement(using: &random)!.id
    case 5: person.photoID = Bool.random(using: &random) ? nil : UUID().uuidString.lowercased()
    case 6: person.isActive.toggle()
    case 7:
      var department = departments.randomElement(using: &random)!
      department.name = "\(word) \(Int.random(in: 0..<1000, using: &random))"
      try places.update(department)
      return "department \(department.id) named \(department.name)"
    default:
      var location = locations.randomElement(using: &random)!
      location.name = "\(word) \(Int.random(in: 0..<1000, using: &random))"
      try places.update(location)
      return "location \(location.id) named \(location.name)"
    }
    try people.update(person)
    return "\(person.username) changed"
  }
}
