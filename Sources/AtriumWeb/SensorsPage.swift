import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices
import Foundation

/// The Sensors page: a tile per sensor, room by room (its values, how long since it read, a
/// 24-hour sparkline and its status), filtered by building and kind with a plain form, and a
/// refresh link. With script, the tiles (`#sensors-region`) follow the `sensorValues` and
/// `sensorAlert` live events, at most once a second.
package enum SensorsPage {
  package struct Data: Sendable {
    package var list: SensorList
    /// Each sensor's sparkline (its first kind), as SVG.
    package var sparklines: [String: String]
    package var buildings: [BuildingBody]
    package var building: String?
    package var kind: String?
    package var mayRegister: Bool
    package var now: Date
    /// The visitor's office's, for clock times.
    package var timeZone: TimeZone
  }

  package static func render(_ context: WebContext, _ data: Data) -> Node {
    let shown = data.list.items.filter { sensor in
      (data.building.map { $0 == sensor.room.buildingId } ?? true)
        && (data.kind.map { kind in sensor.kinds.contains { $0.rawValue == kind } } ?? true)
    }
    let rooms = Dictionary(grouping: shown, by: \.room.id)
    let roomOrder = shown.map(\.room).reduce(into: [RoomBody]()) { order, room in
      if !order.contains(where: { $0.id == room.id }) { order.append(room) }
    }
    return Layout.page(
      context(SensorAppText.sensorsTitle), context,
      [
        // What a tile says once the script has written a new value into it.
        .div(
          [
            .id("sensor-words"), .data("just-now", context(SensorAppText.ago(seconds: 0))),
            .data("ok", context(SensorAppText.statusOK)),
          ], []),
        filters(context, data),
        data.mayRegister && data.list.configured
          ? .p(
            [],
            [
              .a(
                [.class("button secondary"), .href(WebPage.sensors(.registerForm).href)],
                [.text(context(SensorAppText.registerSensor))])
            ]) : .empty,
        .div(
          [.id("sensors-region")],
          shown.isEmpty
            ? [
              .p(
                [.class("muted")],
                [.text(context(data.list.configured ? SensorAppText.noSensors : SensorAppText.notConfigured))])
            ]
            : roomOrder.map { room in
              .section(
                [.class("card"), .data("room", room.id)],
                [
                  .h2([], [.text(room.name + (room.floor.map { " · " + $0 } ?? ""))]),
                  .ul(
                    [.class("tiles")],
                    (rooms[room.id] ?? []).map {
                      tile(context, $0, sparkline: data.sparklines[$0.id], now: data.now, timeZone: data.timeZone)
                    }),
                ])
            }),
      ])
  }

  private static func filters(_ context: WebContext, _ data: Data) -> Node {
    .form(
      [.method("get"), .action(WebPage.sensors(.list(building: nil, kind: nil)).href), .class("row")],
      [
        .label([.for("sensor-building")], [.text(context(SensorAppText.building))]),
        .select(
          [.id("sensor-building"), .name("building")],
          [.option([.value("")] + (data.building == nil ? [.selected] : []), context(SensorAppText.anyBuilding))]
            + data.buildings.map { building in
              .option([.value(building.id)] + (data.building == building.id ? [.selected] : []), building.name)
            }),
        .label([.for("sensor-kind")], [.text(context(SensorAppText.kinds))]),
        .select(
          [.id("sensor-kind"), .name("kind")],
          [.option([.value("")] + (data.kind == nil ? [.selected] : []), context(SensorAppText.anyKind))]
            + SensorKind.allCases.map { kind in
              .option(
                [.value(kind.rawValue)] + (data.kind == kind.rawValue ? [.selected] : []),
                context(SensorAppText.kindName(kind.rawValue)))
            }),
        .button([.type("submit")], [.text(context(SensorAppText.filter))]),
        .a(
          [.class("button secondary"), .href(WebPage.sensors(.list(building: data.building, kind: data.kind)).href)],
          [.text(context(SensorAppText.refresh))]),
      ])
  }

  static func tile(
    _ context: WebContext, _ sensor: SensorBody, sparkline: String?, now: Date, timeZone: TimeZone
  ) -> Node {
    .li(
      [.class("tile status-\(sensor.status.rawValue)"), .data("sensor", sensor.id)],
      [
        .a([.href(WebPage.sensors(.show(id: sensor.id, range: nil)).href)], [.strong([.text(sensor.name)])]),
        values(sensor),
        sparkline.map { .div([.class("sparkline")], [.trusted($0)]) } ?? .empty,
        .p([.class("muted"), .data("seen", "")], [.text(status(context, sensor, now: now, timeZone: timeZone))]),
      ])
  }

  /// The last value of each kind, each in an element the page's script rewrites when a
  /// `sensorValues` event brings a new one (the unit rides along; the number is written as
  /// the server writes it: whole, or to a tenth).
  static func values(_ sensor: SensorBody) -> Node {
    .p(
      [.class("tile-values")],
      sensor.kinds.enumerated().map { index, kind in
        .span(
          [.data("kind", kind.rawValue), .data("unit", kind.unit)],
          [
            .text(
              (index > 0 ? " · " : "") + (sensor.last[kind.rawValue].map { kind.text($0.value) } ?? "— " + kind.unit))
          ])
      })
  }

  /// "OK · 2 min ago", "Alerting since 10:42", "Silent — last seen 3 h ago".
  static func status(_ context: WebContext, _ sensor: SensorBody, now: Date, timeZone: TimeZone) -> String {
    let seen = sensor.lastSeenAt.flatMap(Instant.date).map {
      context(SensorAppText.ago(seconds: max(0, Int(now.timeIntervalSince($0)))))
    }
    switch sensor.status {
    case .ok: return ([context(SensorAppText.statusOK)] + [seen].compactMap { $0 }).joined(separator: " · ")
    case .alerting:
      let since = sensor.alertSince.flatMap(Instant.date).map { date in
        let parts = Calendar.current.dateComponents(in: timeZone, from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
      }
      return context(SensorAppText.alertingSince(since ?? "—"))
    case .silent: return context(seen.map { SensorAppText.silentSince(ago: $0) } ?? .neverSeen)
    }
  }

  /// "2026-03-02 10:42" in the visitor's office's time zone.
  static func moment(_ date: Date, in timeZone: TimeZone) -> String {
    let parts = Calendar.current.dateComponents(in: timeZone, from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
      parts.minute ?? 0)
  }
}
