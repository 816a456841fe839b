import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices
import Foundation

/// A sensor's page: its values and status, a chart per kind over the chosen range, the rules
/// that watch it (each followed or not with a form), its alert history, and for admins and
/// facilities staff a new rule and deletion.
package enum SensorPage {
  package struct Data: Sendable {
    package var sensor: SensorBody
    package var range: SeriesRange
    /// Each kind's chart over the range, as SVG.
    package var charts: [(kind: SensorKind, svg: String)]
    package var rules: [AlertRuleBody]
    package var history: [AlertEventBody]
    package var manages: Bool
    package var now: Date
    package var timeZone: TimeZone
  }

  package static func render(_ context: WebContext, _ data: Data) -> Node {
    let sensor = data.sensor
    return Layout.page(
      sensor.name, context,
      [
        .div(
          [
            .id("sensor-words"), .data("just-now", context(SensorAppText.ago(seconds: 0))),
            .data("ok", context(SensorAppText.statusOK)),
          ], []),
        .section(
          [.class("card"), .id("sensor-region"), .data("sensor", sensor.id)],
          [
            .p([], [.text(sensor.room.name + (sensor.room.floor.map { " · " + $0 } ?? ""))]),
            SensorsPage.values(sensor),
            .p(
              [.class("muted"), .data("seen", "")],
              [.text(SensorsPage.status(context, sensor, now: data.now, timeZone: data.timeZone))]),
          ]),
        .section(
          [.class("card")],
          [
            .nav(
              [.class("row"), .ariaLabel(context(SensorAppText.readings24h))],
              [(SeriesRange.day, SensorAppText.readings24h), (.week, .readings7d)].map { range, label in
                .a(
                  [
                    .class(data.range == range ? "button" : "button secondary"),
                    .href(WebPage.sensors(.show(id: sensor.id, range: range.rawValue)).href),
                  ] + (data.range == range ? [.ariaCurrent("page")] : []), [.text(context(label))])
              })
          ]
            + data.charts.map { chart in
              .div(
                [.class("chart")],
                [.h2([], [.text(context(SensorAppText.kindName(chart.kind.rawValue)))]), .trusted(chart.svg)])
            }),
        .section(
          [.class("card"), .id("rules")],
          [.h2([], [.text(context(SensorAppText.rules))])]
            + (data.rules.isEmpty
              ? [.p([.class("muted")], [.text(context(SensorAppText.noRules))])]
              : [.ul([.class("list")], data.rules.map { rule(context, $0, sensor: sensor) })])
            + (data.manages
              ? [
                .a(
                  [
                    .class("button secondary"),
                    .href(WebPage.sensors(.ruleForm(sensorID: sensor.id, template: nil)).href),
                  ],
                  [.text(context(SensorAppText.addRule))])
              ] : [])),
        .section(
          [.class("card")],
          [
            .h2([], [.text(context(SensorAppText.history))]),
            .ul(
              [.class("plain")],
              data.history.map { event in
                let kind = data.rules.first { $0.id == event.ruleId }?.kind
                let value = event.value.map { value in kind?.text(value) ?? String(value) } ?? "—"
                let when = Instant.date(event.at).map { SensorsPage.moment($0, in: data.timeZone) } ?? event.at
                return .li(
                  [.data("change", event.change)],
                  [.text("\(event.change == "fired" ? "▲" : "▼") \(event.label) — \(value) — \(when)")])
              }),
          ]),
        data.manages
          ? context.form(
            .sensors(.delete(id: sensor.id)), [.class("inline")],
            [.button([.type("submit"), .class("secondary")], [.text(context(SensorAppText.deleteSensor))])])
          : .empty,
        .p(
          [],
          [
            .a(
              [.href(WebPage.sensors(.list(building: nil, kind: nil)).href)],
              [.text(context(SensorAppText.sensorsTitle))])
          ]),
      ])
  }

  private static func rule(_ context: WebContext, _ rule: AlertRuleBody, sensor: SensorBody) -> Node {
    let firing = rule.firing.contains { $0.sensorId == sensor.id }
    return .li(
      [.data("rule", rule.id)] + (firing ? [.class("firing")] : []),
      [
        .strong([.text(rule.label)]),
        .text(
          " · \(rule.operator.rawValue) \(rule.kind.text(rule.threshold)) · \(rule.forSec) s"
            + (firing ? " · " + context(SensorAppText.firing(1)) : "")),
        context.form(
          rule.subscribed
            ? .sensors(.unfollow(ruleID: rule.id, sensorID: sensor.id))
            : .sensors(.follow(ruleID: rule.id, sensorID: sensor.id)), [.class("inline")],
          [
            .button(
              [.type("submit"), .class("secondary")],
              [.text(context(rule.subscribed ? SensorAppText.unfollow : SensorAppText.follow))])
          ]),
      ])
  }
}
