import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

// What the sensors section registers at the web app's extension points (`WebExtensions`).

extension HomeCard {
  /// For people who follow alert rules: how many of them fire now, and which.
  package static func sensorAlerts(_ environment: ServerEnvironment) -> HomeCard {
    HomeCard(name: "sensor-alerts", urgency: 20) { viewer, context, _ in
      let followed = try AlertRuleService(environment: environment).rules(sensorID: nil, principal: viewer).items
        .filter(\.subscribed)
      guard !followed.isEmpty else { return nil }
      let firing = followed.filter { !$0.firing.isEmpty }
      return .section(
        [
          .class("card home-card"), .id("home-sensor-alerts"), Attribute("aria-labelledby", "home-sensor-alerts-title"),
        ],
        [
          .h2([.id("home-sensor-alerts-title")], [.text(context(SensorAppText.alertsYouFollow))]),
          .p(
            [.class("home-figure")],
            [.text(firing.isEmpty ? context(SensorAppText.noneFiring) : context(SensorAppText.firing(firing.count)))]),
          .ul([.class("plain")], firing.prefix(3).map { .li([], [.text($0.label + " · " + $0.scope.name)]) }),
          .a(
            [.class("button secondary"), .href(WebPage.sensors(.list(building: nil, kind: nil)).href)],
            [.text(context(SensorAppText.sensorsTitle))]),
        ])
    }
  }
}
