import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// The sensors' forms: the rule editor (a template's limits shown beside each field; a value
/// past them is moved to the limit by the server, which the next page says), registering a
/// sensor, and the credentials shown once after it, in a block to copy.
package enum SensorFormsPage {
  package static func ruleForm(
    _ context: WebContext, sensor: SensorBody, templates: [AlertTemplateBody], chosen: AlertTemplateBody
  ) -> Node {
    func field(_ id: String, _ label: SensorAppText, value: String, hint: String? = nil) -> [Node] {
      [
        .label([.for("rule-" + id)], [.text(context(label))]),
        .input([.type("text"), .id("rule-" + id), .name(id), .value(value), Attribute("inputmode", "decimal")]),
        hint.map { .p([.class("muted"), .id("rule-\(id)-hint")], [.text($0)]) } ?? .empty,
      ]
    }
    let kind = chosen.kind
    return Layout.page(
      context(SensorAppText.addRule), context,
      [
        .p([], [.text(sensor.room.name + " · " + sensor.name)]),
        .form(
          [
            .method("get"), .action(WebPage.sensors(.ruleForm(sensorID: sensor.id, template: nil)).href), .class("row"),
          ],
          [
            .label([.for("rule-template")], [.text(context(SensorAppText.template))]),
            .select(
              [.id("rule-template"), .name("template")],
              templates.filter { template in sensor.kinds.contains(template.kind) }.map { template in
                .option([.value(template.id)] + (template.id == chosen.id ? [.selected] : []), template.name)
              }),
            .button([.type("submit"), .class("secondary")], [.text(context(SensorAppText.template))]),
          ]),
        context.form(
          .sensors(.addRule(sensorID: sensor.id)), [.class("stack card")],
          [.input([.type("hidden"), .name("template"), .value(chosen.id)])]
            + field(
              "threshold", .threshold, value: number(chosen.defaultThreshold),
              hint: context(SensorAppText.thresholdBetween(number(chosen.minThreshold), kind.text(chosen.maxThreshold)))
            )
            + field(
              "cooldownSec", .cooldownSeconds, value: String(chosen.minCooldownSec),
              hint: context(SensorAppText.atLeastSeconds(chosen.minCooldownSec)))
            + field("forSec", .durationSeconds, value: String(chosen.defaultForSec))
            + field("hysteresis", .hysteresis, value: "0")
            + field("label", .label, value: "")
            + [.p([], [.button([.type("submit")], [.text(context(SensorAppText.save))])])]),
      ])
  }

  package static func registerForm(_ context: WebContext, rooms: [RoomBody], buildings: [BuildingBody]) -> Node {
    Layout.page(
      context(SensorAppText.registerSensor), context,
      [
        context.form(
          .sensors(.register), [.class("stack card")],
          [
            .label([.for("sensor-name")], [.text(context(SensorAppText.name))]),
            .input([.type("text"), .id("sensor-name"), .name("name"), .required, Attribute("maxlength", "120")]),
            .label([.for("sensor-room")], [.text(context(SensorAppText.room))]),
            .input([.type("text"), .id("sensor-room"), .name("room"), .required, Attribute("list", "sensor-rooms")]),
            .tag("datalist", [.id("sensor-rooms")], rooms.map { .option([.value($0.name)], $0.name) }),
            .label([.for("sensor-building")], [.text(context(SensorAppText.building))]),
            .select(
              [.id("sensor-building"), .name("building")],
              [.option([.value("")], "—")] + buildings.map { .option([.value($0.id)], $0.name) }),
            .label([.for("sensor-floor")], [.text(context(SensorAppText.floor))]),
            .input([.type("text"), .id("sensor-floor"), .name("floor"), Attribute("maxlength", "50")]),
            .fieldset(
              [],
              [.legend([.text(context(SensorAppText.kinds))])]
                + SensorKind.allCases.flatMap { kind -> [Node] in
                  [
                    .input([.type("checkbox"), .id("kind-" + kind.rawValue), .name("kind-" + kind.rawValue)]),
                    .label([.for("kind-" + kind.rawValue)], [.text(context(SensorAppText.kindName(kind.rawValue)))]),
                  ]
                }),
            .label([.for("sensor-interval")], [.text(context(SensorAppText.intervalSeconds))]),
            .input([
              .type("text"), .id("sensor-interval"), .name("interval"), .value("60"), Attribute("inputmode", "numeric"),
            ]),
            .p([], [.button([.type("submit")], [.text(context(SensorAppText.registerSensor))])]),
          ])
      ])
  }

  /// The sensor's account, shown once: nothing on the server keeps the password.
  package static func credentials(_ context: WebContext, _ registered: RegisteredSensor) -> Node {
    let mqtt = registered.mqtt
    let block = """
      host: \(mqtt.host)
      port: \(mqtt.port)\(mqtt.tls ? " (TLS)" : "")
      username: \(mqtt.username)
      password: \(mqtt.password)
      topic: \(mqtt.topic)
      """
    return Layout.page(
      registered.sensor.name, context,
      [
        .section(
          [.class("card")],
          [
            .p([Attribute("role", "status")], [.strong([.text(context(SensorAppText.credentialsOnce))])]),
            .tag("pre", [.id("sensor-credentials"), .class("copyable")], [.text(block)]),
            .button(
              [.type("button"), .class("secondary"), .data("copy", "sensor-credentials")],
              [.text(context(SensorAppText.copy))]),
          ]),
        .p(
          [],
          [
            .a(
              [.class("button"), .href(WebPage.sensors(.show(id: registered.sensor.id, range: nil)).href)],
              [.text(registered.sensor.name)])
          ]),
      ])
  }

  static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
