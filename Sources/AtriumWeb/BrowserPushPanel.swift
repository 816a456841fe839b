import AtriumAPI
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension SettingsPanel {
  /// "Notifications on this browser": the page's script subscribes with the browser's
  /// `PushManager` and posts the subscription to the panel's forms; each state's words are
  /// in the panel's `data-*` attributes, in the person's language. Without the script, the
  /// panel says it needs it.
  package static func browserPush(_ settings: SettingsService) -> SettingsPanel {
    SettingsPanel(name: "browser-push") { _, context, _ in
      let states: [(String, BrowserPushText)] = [
        ("on", .isOn), ("off", .isOff), ("denied", .denied), ("unsupported", .unsupported), ("failed", .failed),
      ]
      func form(_ page: WebPage, _ mode: String, _ label: BrowserPushText, style: String) -> Node {
        context.form(
          page, [.data("browser-push", mode), Attribute("hidden", nil)],
          [
            .input([.type("hidden"), .name("subscription"), .value("")]),
            .button([.type("submit"), .class(style)], [.text(context(label))]),
          ])
      }
      return .section(
        [.class("card"), .id("browser-push"), .data("key", try settings.vapidPublicKey())]
          + states.map { .data($0.0, context($0.1)) },
        [
          .h2([], [.text(context(BrowserPushText.title))]),
          .p([.class("muted")], [.text(context(BrowserPushText.help))]),
          .p([.id("browser-push-state"), Attribute("role", "status")], [.text(context(BrowserPushText.needsScript))]),
          form(.settings(.browserPushOn), "on", .turnOn, style: ""),
          form(.settings(.browserPushOff), "off", .turnOff, style: "secondary"),
        ])
    }
  }
}

extension WebApp {
  /// The panel's forms: the subscription the script posts becomes (or stops being) one of the
  /// person's devices. The script reads only the status; a person without it sees the page.
  func browserPush(
    turningOn: Bool, form: [String: String], principal: Principal, context: WebContext
  ) throws -> HTTPResponse {
    let subscription = form["subscription"] ?? ""
    if turningOn {
      _ = try settings.register(
        NewDevice(platform: "webpush", token: subscription, name: context(BrowserPushText.title)), principal: principal)
    } else {
      try settings.deleteDevice(token: subscription, principal: principal)
    }
    return HTTPResponse.seeOther(WebPage.settings(.show).href)
  }
}
