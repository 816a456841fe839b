import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices
import Foundation

/// The "Where" page: my check-in with check-in and check-out buttons, the buildings near the
/// position the browser shares (after its own permission prompt; a clear fallback when it
/// refuses), my mates with their building and how long ago, and each campus's map. The part
/// that changes when a mate checks in (`#presence-region`) is refreshed by the page's script
/// on a `presence` live event.
package enum PresencePage {
  package struct Data {
    var me: MyPresence
    var campuses: [CampusBody]
    var mateCheckIns: [MateCheckIn]
    var mates: [PersonName]
    var allowsWithoutPosition: Bool
    var locationID: String
    var now: Date
    /// The browser's fix, when it gave one the server took.
    var fix: PositionReport?
    var nearby: [NearbyBuilding] = []
    /// Why there is no list of nearby buildings: refused, too old, too imprecise.
    var positionProblem: String?
  }

  package static func render(_ context: WebContext, _ data: Data) -> Node {
    Layout.page(
      context(PresenceText.whereTitle), context,
      [
        myCheckIn(context, data), nearMe(context, data),
        .div([.id("presence-region")], [mates(context, data), maps(context, data)]),
      ])
  }

  private static func myCheckIn(_ context: WebContext, _ data: Data) -> Node {
    let current: Node
    if let checkIn = data.me.checkIn, checkIn.open {
      current = .fragment([
        .p(
          [.id("my-check-in")],
          [
            .text(
              context(
                PresenceText.youAreAt(
                  building: checkIn.building.name, since: time(checkIn.checkedInAt, data, campus: checkIn.campus.id))))
          ]),
        context.form(
          .presence(.checkOut), [.class("inline")],
          [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.checkOut))])]),
      ])
    } else {
      current = .p([.id("my-check-in")], [.text(context(PresenceText.notCheckedIn))])
    }
    return .section([.class("card")], [current])
  }

  private static func nearMe(_ context: WebContext, _ data: Data) -> Node {
    // The script asks the browser for a position and comes back with `?fix=`; without the
    // script the form comes back with `fix=refused` and the fallback is explained.
    let locate = Node.form(
      [.method("get"), .action(WebPage.presence(.whereAmI(fix: nil)).href), .data("locate", "1")],
      [
        .input([.type("hidden"), .name("fix"), .value("refused")]),
        .button([.type("submit")], [.text(context(PresenceText.findNearMe))]),
      ])
    var rows: [Node] = []
    let seenAt = String(data.now.milliseconds)
    for item in data.nearby {
      let canCheckIn = item.closeness != "nearby"
      let closeness: PresenceText =
        item.closeness == "inside" ? .inside : item.closeness == "possiblyInside" ? .possiblyInside : .nearby
      let form: Node =
        canCheckIn && data.fix != nil
        ? context.form(
          .presence(.checkIn), [.class("inline")],
          [
            hidden("building", item.building.id), hidden("lat", String(data.fix!.latitude)),
            hidden("lon", String(data.fix!.longitude)), hidden("accuracy", String(data.fix!.accuracyM)),
            hidden("age", String(data.fix!.fixAgeS)), hidden("seenAt", seenAt),
            .button([.type("submit")], [.text(context(PresenceText.checkIn))]),
          ]) : .empty
      rows.append(
        .li(
          [.data("building", item.building.id)],
          [
            .strong([.text(item.building.name)]),
            .text(
              " — \(context(closeness)), \(context(PresenceText.metresAway(Int(item.distanceM.rounded())))) "),
            form,
          ]))
    }
    var content: [Node] = [.h2([], [.text(context(PresenceText.nearby))]), locate]
    if let problem = data.positionProblem {
      content.append(.p([.class("notice"), .id("position-problem"), Attribute("role", "status")], [.text(problem)]))
    } else if data.fix != nil, rows.isEmpty {
      content.append(.p([.class("muted")], [.text(context(PresenceText.noBuildingsNearby))]))
    } else if data.fix == nil {
      content.append(.p([.class("muted")], [.text(context(PresenceText.noPositionYet))]))
    }
    if !rows.isEmpty { content.append(.ul([.class("list"), .id("nearby")], rows)) }
    if data.allowsWithoutPosition {
      let mine = data.campuses.filter { $0.locationId == data.locationID }.flatMap(\.buildings)
      if !mine.isEmpty {
        content.append(.h3([], [.text(context(PresenceText.checkInWithoutPosition))]))
        content.append(
          .ul(
            [.class("list"), .id("without-position")],
            mine.map { building in
              .li(
                [],
                [
                  .text(building.name + " "),
                  context.form(
                    .presence(.checkIn), [.class("inline")],
                    [
                      hidden("building", building.id),
                      .button([.type("submit"), .class("secondary")], [.text(context(PresenceText.checkIn))]),
                    ]),
                ])
            }))
      }
    }
    return .section([.class("card")], content)
  }

  private static func mates(_ context: WebContext, _ data: Data) -> Node {
    let visible = Dictionary(uniqueKeysWithValues: data.mateCheckIns.map { ($0.person.id, $0.checkIn) })
    let rows = data.mates.map { mate -> Node in
      var whereabouts: [Node] = []
      if let checkIn = visible[mate.id] {
        let words: PresenceText =
          checkIn.open
          ? .mateIsAt(
            building: checkIn.building.name, since: time(checkIn.checkedInAt, data, campus: checkIn.campus.id))
          : .mateWasAt(building: checkIn.building.name, at: time(checkIn.checkedInAt, data, campus: checkIn.campus.id))
        let minutes = Instant.date(checkIn.checkedInAt).map { Int(data.now.timeIntervalSince($0) / 60) } ?? 0
        whereabouts = [
          .text(" — " + context(words) + " · "),
          .time([Attribute("datetime", checkIn.checkedInAt)], [.text(context(PresenceText.minutesAgo(minutes)))]),
        ]
      }
      return .li(
        [.data("mate", mate.id)] + (visible[mate.id]?.open == true ? [.class("here")] : []),
        [.a([.href(WebPage.team(.person(id: mate.id)).href)], [.text(mate.displayName)])] + whereabouts + [
          .text(" "),
          context.form(
            .presence(.removeMate(id: mate.id)), [.class("inline")],
            [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.remove))])]),
        ])
    }
    return .section(
      [.class("card")],
      [
        .h2([], [.text(context(PresenceText.myMates))]),
        rows.isEmpty
          ? .p([.class("muted")], [.text(context(PresenceText.addMatesHint))])
          : .ul([.class("list"), .id("mates")], rows),
        data.mateCheckIns.isEmpty && !rows.isEmpty
          ? .p([.class("muted")], [.text(context(PresenceText.noMatesToShow))]) : .empty,
      ])
  }

  /// A map per campus, drawn by the server (`GET /api/v1/presence/map`): the campus of one's
  /// own location first.
  private static func maps(_ context: WebContext, _ data: Data) -> Node {
    let ordered =
      data.campuses.filter { $0.locationId == data.locationID }
      + data.campuses.filter { $0.locationId != data.locationID }
    guard !ordered.isEmpty else { return .empty }
    // What the maps show, in their address: a browser keeps an image by its address within a
    // page, so when the region is refreshed after a mate checked in, the new address fetches
    // the new map (the API ignores the extra parameter).
    let shown = ([data.me.checkIn].compactMap { $0 } + data.mateCheckIns.map(\.checkIn)).map {
      "\($0.id):\($0.open)"
    }
    let version = shown.joined(separator: ",").utf8.reduce(UInt64(14_695_981_039_346_656_037)) {
      ($0 ^ UInt64($1)) &* 1_099_511_628_211
    }
    return .section(
      [.class("card")],
      [.h2([], [.text(context(PresenceText.map))])]
        + ordered.enumerated().map { index, campus in
          .tag(
            "details", index == 0 ? [Attribute("open", nil)] : [],
            [
              .tag("summary", [], [.text(campus.name)]),
              .img([
                .class("campus-map"),
                .src(Route.presence(.map(campusID: campus.id)).pathAndQuery + "&v=\(String(version, radix: 36))"),
                .alt(context(PresenceText.mapOf(campus.name))), Attribute("width", "800"),
                Attribute("height", "800"), Attribute("loading", "lazy"),
              ]),
            ])
        })
  }

  private static func hidden(_ name: String, _ value: String) -> Node {
    .input([.type("hidden"), .name(name), .value(value)])
  }

  /// "09:05" at the campus (check-ins last a day at most), or the date and time when older.
  static func time(_ instant: String, _ data: Data, campus: String) -> String {
    guard let date = Instant.date(instant) else { return instant }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = data.campuses.first { $0.id == campus }.flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt
    formatter.dateFormat = data.now.timeIntervalSince(date) < 12 * 3600 ? "HH:mm" : "d MMM, HH:mm"
    return formatter.string(from: date)
  }
}
