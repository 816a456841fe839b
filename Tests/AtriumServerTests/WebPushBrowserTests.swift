import AtriumAPI
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18, done when: mario approves eva's request, the push service stand-in receives a
/// message that decrypts to it, and Atrium's service worker shows it as a notification in
/// headless Chromium (`browser-tests/web_push.py`), its click opening the request.
@Suite(.serialized, .checksBalanceRows) struct WebPushBrowserTests {
  @Test func anApprovalReachesEvasBrowserAsANotification() throws {
    let service = try PushServiceStandIn()
    let app = try TestApp {
      $0.push = PushSettings(
        contact: "mailto:ops@atrium-demo.example", allowsTestEndpoints: true, caFile: service.certificatePath)
    }
    try service.setClock(app.environment.now())
    let eva = try app.login("eva")
    let subscription = String(
      decoding: try JSONSerialization.data(
        withJSONObject: ["platform": "webpush", "token": try service.subscribe("eva-browser"), "name": "Chromium"]),
      as: UTF8.self)
    #expect(app.send(.settings(.registerDevice), json: subscription, token: eva.accessToken).status == 201)
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    let approved = app.send(
      .approvals(.approve(id: id)), json: #"{"reason": "Enjoy"}"#, token: try app.login("mario").accessToken)
    #expect(approved.status == 200)

    let sender = try PushSender(
      environment: app.environment, push: try #require(app.environment.push), holder: "browser")
    try BrowserTests.serving(app, sending: { _ = try? sender.sendDue() }) { port in
      let received = try service.waitForReceived(1)
      try #require(received.count == 1 && received[0].error == nil, "\(received)")
      let payload = try #require(received[0].payload)
      #expect(payload["title"]?.string == "Mario López approved your request — Vacation, 6–10 April 2026")
      // What the stand-in decrypted is what the browser's worker is handed.
      let json = String(
        decoding: try JSONSerialization.data(
          withJSONObject: payload.compactMapValues { $0.string ?? $0.number.map { $0 as Any } }, options: [.sortedKeys]),
        as: UTF8.self)
      try BrowserTests.runScript("web_push.py", ["http://127.0.0.1:\(port)", json, "/time-off/requests/\(id)"])
    }
  }
}

/// Issue 18: the service worker's address, and Settings' "Notifications on this browser" forms
/// the page's script posts a subscription to.
@Suite(.checksBalanceRows) struct WebBrowserPushTests {
  @Test func theServiceWorkerIsServedForTheWholeSite() throws {
    let app = try TestApp()
    let worker = WebClient(app).get("/sw.js")
    #expect(worker.status == 200)
    #expect(worker.headers["Content-Type"] == "text/javascript; charset=utf-8")
    #expect(worker.headers["Cache-Control"] == "no-cache", "browsers ask for a new version each time they check")
    #expect(worker.text.contains(#"addEventListener("push""#) && worker.text.contains("notificationclick"))
  }

  @Test func theSettingsFormsRegisterAndForgetThisBrowser() throws {
    let service = try PushServiceStandIn()
    let app = try TestApp { $0.push = PushSettings(caFile: service.certificatePath) }
    let eva = WebClient(app)
    eva.signIn("eva")
    let settings = eva.get("/settings").text
    let key = try JSONText.decode(
      VapidPublicKey.self, from: app.send(.settings(.vapidPublicKey), token: try app.login("eva").accessToken)
    ).key
    #expect(settings.contains(#"id="browser-push" data-key="\#(key)""#), "the page subscribes with the VAPID key")
    #expect(settings.contains("Notifications on this browser need JavaScript."))
    #expect(settings.contains(#"data-denied="Notifications are blocked for this site."#))

    let subscription = try service.subscribe("eva-chromium")
    let on = eva.post("/settings/browser-push", from: "/settings", ["subscription": subscription])
    #expect(on.status == 303)
    let token = try app.login("eva").accessToken
    var devices = try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: token)).items
    #expect(devices.map(\.platform) == ["webpush"] && devices.first?.name == "Notifications on this browser")

    let bad = eva.post("/settings/browser-push", from: "/settings", ["subscription": "{}"])
    #expect(bad.status == 400)

    // Mario cannot forget Eva's browser by posting its subscription.
    let mario = WebClient(app)
    mario.signIn("mario")
    #expect(mario.post("/settings/browser-push/off", from: "/settings", ["subscription": subscription]).status == 303)
    devices = try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: token)).items
    #expect(devices.count == 1)
    #expect(eva.post("/settings/browser-push/off", from: "/settings", ["subscription": subscription]).status == 303)
    devices = try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: token)).items
    #expect(devices.isEmpty)
  }
}
