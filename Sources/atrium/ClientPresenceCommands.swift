import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMessages
import Foundation

/// Presence from the command line, through the SDK's view models as an app would:
/// `atrium checkin [BUILDING] [--at LAT,LON[,ACCURACY_M]]`, `atrium checkout`,
/// `atrium mates [add|remove NAME]` and `atrium where NAME`; each takes `--json`.
enum ClientPresenceCommands {
  typealias Exit = ClientCommands.Exit

  static let commands: Set<String> = ["checkin", "checkout", "mates", "where"]

  @MainActor
  static func perform(
    _ command: String, _ options: Options, presence: LivePresenceRepository, people: LivePeopleRepository,
    language: ClientLanguage, asJSON: Bool
  ) async throws {
    switch command {
    case "checkin": try await checkIn(options, presence, language, asJSON)
    case "checkout":
      let model = CheckInViewModel(repository: presence, language: language)
      await model.checkOutTapped()
      try report(model.state)
      if asJSON {
        print(try ClientCommands.json(try await guarded(language) { try await presence.me() }))
      } else {
        print(model.state.message ?? "")
      }
    case "mates" where options.positional.first == "add" || options.positional.first == "remove":
      let name = options.positional.dropFirst().joined(separator: " ")
      let person = try await self.person(called: name, people, language)
      let model = MatesViewModel(repository: presence, language: language)
      if options.positional.first == "add" {
        await model.addTapped(personID: person.id)
      } else {
        await model.removeTapped(personID: person.id)
      }
      try report(model.state)
      if asJSON {
        print(
          try ClientCommands.json(
            Page(items: try await guarded(language) { try await presence.mates() }, nextCursor: nil)))
      } else {
        print(model.state.message ?? PresenceText.removedFromMates(person.displayName).text(in: language))
      }
    case "mates":
      if asJSON {
        let items = try await ClientCommands.offlineAware(language, cached: presence.cachedMateCheckIns()) {
          try await presence.mateCheckIns()
        }
        print(try ClientCommands.json(Page(items: items, nextCursor: nil)))
        return
      }
      let model = MatesViewModel(repository: presence, language: language)
      await model.appeared()
      try report(model.state)
      if let empty = model.state.emptyMessage { print(empty) }
      for row in model.state.rows { print("\(row.name)\t\(row.whereabouts)") }
    default:  // where
      let name = options.positional.joined(separator: " ")
      guard !name.isEmpty else { throw Exit(code: 2, message: CommandLineText.usage.text(in: language)) }
      let model = MatesViewModel(repository: presence, language: language)
      await model.appeared()
      try report(model.state)
      let matches = model.state.rows.filter { Self.matches($0.name, name) }
      if asJSON {
        let all = try await guarded(language) { try await presence.mateCheckIns() }
        let ids = Set(matches.map(\.id))
        print(try ClientCommands.json(Page(items: all.filter { ids.contains($0.person.id) }, nextCursor: nil)))
        return
      }
      // Hidden and never checked in read the same, as the API answers them.
      guard !matches.isEmpty else {
        throw Exit(code: 4, message: PresenceText.nothingToShowFor(name).text(in: language))
      }
      for row in matches { print("\(row.name)\t\(row.whereabouts)") }
    }
  }

  @MainActor
  private static func checkIn(
    _ options: Options, _ presence: LivePresenceRepository, _ language: ClientLanguage, _ asJSON: Bool
  ) async throws {
    let model = CheckInViewModel(repository: presence, language: language)
    let fix = try options.value("at").map { try position($0, language) }
    if let fix { await model.positionReceived(fix) }
    try report(model.state)
    let name = options.positional.joined(separator: " ")
    let buildingID: String
    if !name.isEmpty {
      let buildings = try await guarded(language) { try await presence.campuses() }.flatMap(\.buildings)
      buildingID = try pick(
        name, among: buildings, named: \.name, none: .noBuildingCalled(name),
        several: { .severalBuildingsCalled(name, $0) }, language
      ).id
    } else if let nearest = model.state.nearby.first(where: \.canCheckIn) {
      buildingID = nearest.buildingID
    } else {
      // Nothing to check in at: say where I am checked in, and what is near.
      await model.appeared()
      try report(model.state)
      print(model.state.current)
      if let message = model.state.positionMessage, fix != nil { print(message) }
      for item in model.state.nearby { print("\(item.name)\t\(item.closeness)\t\(item.distance)") }
      return
    }
    await model.checkInTapped(buildingID: buildingID)
    try report(model.state)
    if asJSON {
      print(try ClientCommands.json(try await guarded(language) { try await presence.me() }))
    } else {
      print(model.state.message ?? model.state.current)
    }
  }

  /// `40.4531,-3.6883` or `40.4531,-3.6883,20`: a fix taken now (accuracy 50 m when not given).
  static func position(_ text: String, _ language: ClientLanguage) throws -> PositionReport {
    let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard (2...3).contains(numbers.count), numbers.allSatisfy({ $0?.isFinite == true }),
      let latitude = numbers[0], let longitude = numbers[1],
      GeoPoint(latitude: latitude, longitude: longitude) != nil
    else { throw Exit(code: 2, message: PresenceText.positionFormat(text).text(in: language)) }
    return PositionReport(
      latitude: latitude, longitude: longitude, accuracyM: numbers.count == 3 ? numbers[2]! : 50, fixAgeS: 0)
  }

  /// The one of `candidates` called `name`: exactly, or else the only one whose name holds it;
  /// otherwise the words `none` or `several` say why not.
  static func pick<Candidate>(
    _ name: String, among candidates: [Candidate], named: (Candidate) -> String, none: PresenceText,
    several: ([String]) -> PresenceText, _ language: ClientLanguage
  ) throws -> Candidate {
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    if let exact = candidates.first(where: { named($0).compare(name, options: options) == .orderedSame }) {
      return exact
    }
    let matching = candidates.filter { matches(named($0), name) }
    if matching.count == 1 { return matching[0] }
    throw Exit(
      code: 2, message: (matching.isEmpty ? none : several(matching.map(named))).text(in: language))
  }

  private static func person(
    called name: String, _ people: LivePeopleRepository, _ language: ClientLanguage
  ) async throws -> PersonSummary {
    guard !name.isEmpty else { throw Exit(code: 2, message: CommandLineText.usage.text(in: language)) }
    let found = try await guarded(language) { try await people.directory(PeopleQuery(text: name)) }.items
    return try pick(
      name, among: found, named: \.displayName, none: .noPersonCalled(name),
      several: { .severalPeopleCalled(name, $0) }, language)
  }

  static func matches(_ candidate: String, _ name: String) -> Bool {
    candidate.range(of: name, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }

  /// A screen's failure as the exit code and message.
  private static func report(_ state: some ScreenState) throws {
    guard let error = state.error else { return }
    throw Exit(code: state.isSignedOut ? 3 : state.isOffline ? 5 : 4, message: error)
  }

  @MainActor private static func guarded<T>(_ language: ClientLanguage, _ call: () async throws -> T) async throws -> T
  {
    try await ClientCommands.guarded(language, call)
  }
}
