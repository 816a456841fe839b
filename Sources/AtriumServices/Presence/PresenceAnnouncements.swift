import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore

/// Tells the people who may see a person's presence that it changed, in the transaction of
/// the change: a live event each (`presence`: their "Where" page and apps refresh), and for a
/// check-in, to those who turned on "a mate checked in", a notice, a mail or a push.
///
/// Who may see it is the one rule of `PresenceSharing.isVisible`, applied to the people who
/// keep the person as a mate: a person who does not share with someone causes them no event,
/// so an event never tells what an answer would hide.
struct PresenceAnnouncements {
  let environment: ServerEnvironment
  let connection: any DatabaseConnection

  /// The person's check-in at `building`.
  func checkedIn(_ person: String, at building: NamedRef, campus: NamedRef, checkInID: String) throws {
    let now = environment.now().milliseconds
    let viewers = try self.viewers(of: person)
    try announce(person, change: "checkedIn", to: viewers, at: now)
    guard !viewers.isEmpty, let mate = try PeopleStore(connection).employee(id: person) else { return }
    let settings = SettingsStore(connection)
    let people = PeopleStore(connection)
    for viewer in viewers {
      let chosen = try settings.settings(employeeID: viewer)
      let choice = chosen.choice(for: .mateCheckIns)
      guard choice != .nothing, let reader = try people.employee(id: viewer), reader.isActive else { continue }
      let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
      let title = PresenceText.mateCheckedIn(name: mate.displayName, building: building.name).text(in: language)
      let detail = PresenceText.mateCheckedInDetail(building: building.name, campus: campus.name).text(in: language)
      // One check-in tells each reader once, whatever retries the request makes.
      try PersonalNotice(
        kind: .mateCheckIns, noticeKind: "presence.mateCheckedIn", title: title, detail: detail, path: "/where",
        key: "presence:\(checkInID):\(viewer)"
      ).deliver(to: reader, choice: choice, language: language, environment: environment, connection: connection)
    }
  }

  /// The person's open check-in ended (check-out, by hand or by the device, or their history
  /// deleted).
  func checkedOut(_ person: String) throws {
    try announce(person, change: "checkedOut", to: try viewers(of: person), at: environment.now().milliseconds)
  }

  /// Runs `change` (a sharing choice, a mate added or removed), then tells each person whose
  /// view of one of `people` it changed — who may now see them, or no longer may — so their
  /// screens follow at once: a `presence` event with `change: visibility`.
  func visibilityChange<Result>(of people: [String], _ change: () throws -> Result) throws -> Result {
    let before = try people.map { Set(try viewers(of: $0)) }
    let result = try change()
    let now = environment.now().milliseconds
    let events = LiveEventStore(connection)
    for (person, seenBefore) in zip(people, before) {
      let seenAfter = Set(try viewers(of: person))
      let data = LiveEventStore.json(["personId": person, "change": "visibility"])
      for viewer in seenBefore.symmetricDifference(seenAfter).sorted() {
        try events.append(kind: "presence", data: data, audience: .person(id: viewer), at: now)
      }
    }
    return result
  }

  /// The people who keep `person` as a mate and may see them now.
  func viewers(of person: String) throws -> [String] {
    let store = PresenceStore(connection)
    let sharing = try store.settings(employeeID: person).sharing
    guard sharing != .off else { return [] }
    let theirMates = Set(try store.mates(of: person))
    return try store.keptAsMateBy(person).sorted().filter { viewer in
      PresenceSharing.isVisible(
        sharing: sharing, isSelf: false, theyAddedViewer: theirMates.contains(viewer), viewerAddedThem: true)
    }
  }

  /// A `presence` event to each viewer, and to the person (their other devices refresh).
  private func announce(_ person: String, change: String, to viewers: [String], at instant: Int64) throws {
    let events = LiveEventStore(connection)
    let data = LiveEventStore.json(["personId": person, "change": change])
    for recipient in [person] + viewers {
      try events.append(kind: "presence", data: data, audience: .person(id: recipient), at: instant)
    }
  }
}
