import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite struct SettingsTests {
  let app: TestApp
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
  }

  @Test func settingsStartAtTheDefaultsAndKeepChanges() throws {
    let initial = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: eva.accessToken))
    #expect(
      initial
        == SettingsBody(
          notifications: .init(leaveDecisions: true, approvalsWaiting: true, companyNotices: true), language: "en"))
    let changed = app.send(
      .settings(.update), json: #"{"language": "es", "notifications": {"companyNotices": false}}"#,
      token: eva.accessToken)
    #expect(changed.status == 200)
    let reread = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: eva.accessToken))
    #expect(reread.language == "es")
    #expect(reread.notifications == .init(leaveDecisions: true, approvalsWaiting: true, companyNotices: false))
    let bad = app.send(.settings(.update), json: #"{"language": "fr"}"#, token: eva.accessToken)
    #expect(bad.status == 400)
    #expect(bad.problem?.errors?.first?.field == "language")
    // Another person's settings are their own.
    let mario = try app.login("mario")
    #expect(
      try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: mario.accessToken)).language
        == "en")
  }

  @Test func devicesAreIdempotentPerTokenAndPrivate() throws {
    let body = #"{"platform": "apns", "token": "abc123", "name": "Eva's iPhone"}"#
    let first = app.send(.settings(.registerDevice), json: body, token: eva.accessToken)
    #expect(first.status == 201)
    let again = app.send(.settings(.registerDevice), json: body, token: eva.accessToken)
    #expect(again.status == 200)
    let device = try JSONText.decode(DeviceBody.self, from: first)
    #expect(try JSONText.decode(DeviceBody.self, from: again).id == device.id)
    let list = try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken))
    #expect(list.items.map(\.name) == ["Eva's iPhone"])
    #expect(
      !String(decoding: try JSONEncoder().encode(list), as: UTF8.self).contains("abc123"), "tokens are not echoed")
    let mario = try app.login("mario")
    #expect(app.send(.settings(.deleteDevice(id: device.id)), token: mario.accessToken).status == 404)
    #expect(app.send(.settings(.deleteDevice(id: device.id)), token: eva.accessToken).status == 204)
    #expect(
      try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken)).items
        .isEmpty)
    let bad = app.send(.settings(.registerDevice), json: #"{"platform": "pager", "token": ""}"#, token: eva.accessToken)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["platform", "token"])
  }

  @Test func theBadgeCountStartsAgainAfterAReset() throws {
    // Mario's decisions reach Eva's board (her own requests do not).
    let mario = try app.login("mario")
    func askAndApprove(_ day: String) throws {
      let created = app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva.accessToken)
      let id = try JSONText.decode(SavedLeave.self, from: created).request.id
      #expect(app.send(.approvals(.approve(id: id)), token: mario.accessToken).status == 200)
    }
    try askAndApprove("2026-04-06")
    #expect(
      try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: eva.accessToken))
        == Badge(unread: 1, sinceReset: 1)
    )
    app.clock.advance(by: 1)
    let reset = try JSONText.decode(Badge.self, from: app.send(.board(.resetBadge), token: eva.accessToken))
    #expect(reset == Badge(unread: 1, sinceReset: 0))
    app.clock.advance(by: 1)
    try askAndApprove("2026-04-07")
    #expect(
      try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: eva.accessToken))
        == Badge(unread: 2, sinceReset: 1)
    )
  }
}
