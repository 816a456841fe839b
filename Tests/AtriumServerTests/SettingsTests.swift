import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct SettingsTests {
  let app: TestApp
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
  }

  @Test func settingsStartAtTheDefaultsAndKeepChanges() throws {
    let initial = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: eva.accessToken))
    let everything = NotificationChoiceBody(board: true, mail: true, push: true, digest: false)
    let off = NotificationChoiceBody(board: false, mail: false, push: false, digest: false)
    #expect(initial.language == "en")
    #expect(
      initial.notifications == [
        "leaveDecisions": everything, "approvalsWaiting": everything, "companyNotices": everything,
        "mateCheckIns": off, "taskAssigned": everything, "sensorAlerts": everything,
      ], "everything on, but a mate's check-in: off until chosen")
    #expect(
      initial.notificationKinds == [
        .init(id: "leaveDecisions", name: "Decisions on my requests", offersDigest: false),
        .init(id: "approvalsWaiting", name: "Requests waiting for me", offersDigest: true),
        .init(id: "companyNotices", name: "Company notices", offersDigest: true),
        .init(id: "mateCheckIns", name: "A mate checked in", offersDigest: false),
        .init(id: "taskAssigned", name: "Tasks given to me", offersDigest: false),
        .init(id: "sensorAlerts", name: "Sensor alerts", offersDigest: false),
      ])
    // A bare boolean, as clients sent before there were channels, sets every channel.
    let changed = app.send(
      .settings(.update), json: #"{"language": "es", "notifications": {"companyNotices": false}}"#,
      token: eva.accessToken)
    #expect(changed.status == 200)
    let reread = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: eva.accessToken))
    #expect(reread.language == "es")
    #expect(reread.notificationKinds[2].name == "Avisos de la empresa", "named in the chosen language")
    #expect(
      reread.notifications == [
        "leaveDecisions": everything, "approvalsWaiting": everything, "companyNotices": off, "mateCheckIns": off,
        "taskAssigned": everything, "sensorAlerts": everything,
      ])
    let bad = app.send(.settings(.update), json: #"{"language": "fr"}"#, token: eva.accessToken)
    #expect(bad.status == 400)
    #expect(bad.problem?.errors?.first?.field == "language")
    // Another person's settings are their own.
    let mario = try app.login("mario")
    #expect(
      try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: mario.accessToken)).language
        == "en")
  }

  @Test func eachChannelAndTheDigestAreChosenPerKind_andWhatCannotBeChosenChangesNothing() throws {
    let changed = app.send(
      .settings(.update),
      json:
        #"{"notifications": {"approvalsWaiting": {"mail": true, "digest": true}, "leaveDecisions": {"push": false}}}"#,
      token: eva.accessToken)
    #expect(changed.status == 200)
    let settings = try JSONText.decode(SettingsBody.self, from: changed)
    #expect(settings.notifications["approvalsWaiting"] == .init(board: true, mail: true, push: true, digest: true))
    #expect(settings.notifications["leaveDecisions"] == .init(board: true, mail: true, push: false, digest: false))
    // Only the named channels change; `true` turns every channel back on and keeps the digest.
    _ = app.send(
      .settings(.update), json: #"{"notifications": {"approvalsWaiting": {"board": false}}}"#, token: eva.accessToken)
    let again = app.send(
      .settings(.update), json: #"{"notifications": {"approvalsWaiting": true}}"#, token: eva.accessToken)
    #expect(
      try JSONText.decode(SettingsBody.self, from: again).notifications["approvalsWaiting"]
        == .init(board: true, mail: true, push: true, digest: true))

    let refused: [(String, String)] = [
      (#"{"notifications": {"leaveDecisions": {"digest": true}}}"#, "notifications.leaveDecisions.digest"),
      (#"{"notifications": {"lunchMenu": false}}"#, "notifications.lunchMenu"),
      (#"{"notifications": {"leaveDecisions": {"sms": true}}}"#, "notifications.leaveDecisions"),
      (#"{"notifications": {"leaveDecisions": "yes"}}"#, "notifications.leaveDecisions"),
      (#"{"notifications": {"leaveDecisions": {"mail": 1}}}"#, "notifications.leaveDecisions.mail"),
    ]
    for (body, field) in refused {
      let answer = app.send(
        .settings(.update), json: body, token: eva.accessToken, headers: [("Accept-Language", "es")])
      #expect((400...422).contains(answer.status), "\(body)")
      #expect(answer.problem?.errors?.first?.field == field, "\(body)")
    }
    let digest = app.send(
      .settings(.update), json: #"{"notifications": {"leaveDecisions": {"digest": true}}}"#, token: eva.accessToken,
      headers: [("Accept-Language", "es")])
    #expect(digest.problem?.errors?.first?.message == "no se ofrece en resumen diario: se envía cuando ocurre")
    let after = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: eva.accessToken))
    #expect(after.notifications["leaveDecisions"]?.push == false, "refused changes changed nothing")
  }

  @Test func companyNoticesLeaveTheBoardOfWhoTurnedTheirBoardOff_andComeBack() throws {
    let ana = try app.login("ana").accessToken
    let posted = app.send(
      .board(.post), json: #"{"title": "Lunch on Friday", "body": "Pizza.", "audience": "everyone"}"#, token: ana)
    #expect(posted.status == 201)
    func titles() throws -> [String] {
      try JSONText.decode(
        Page<BoardItem>.self,
        from: app.send(.board(.notices(unreadOnly: false, page: PageRequest())), token: eva.accessToken)
      ).items.map(\.title)
    }
    #expect(try titles().contains("Lunch on Friday"))
    let unread = try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: eva.accessToken)).unread
    _ = app.send(
      .settings(.update), json: #"{"notifications": {"companyNotices": {"board": false}}}"#, token: eva.accessToken)
    #expect(try !titles().contains("Lunch on Friday"))
    #expect(
      try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: eva.accessToken)).unread == unread - 1)
    _ = app.send(
      .settings(.update), json: #"{"notifications": {"companyNotices": {"board": true}}}"#, token: eva.accessToken)
    #expect(try titles().contains("Lunch on Friday"))
  }

  @Test func devicesAreIdempotentPerTokenAndPrivate() throws {
    let body =
      #"{"platform": "apns", "token": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "name": "Eva's iPhone"}"#
    let first = app.send(.settings(.registerDevice), json: body, token: eva.accessToken)
    #expect(first.status == 201)
    let again = app.send(.settings(.registerDevice), json: body, token: eva.accessToken)
    #expect(again.status == 200)
    let device = try JSONText.decode(DeviceBody.self, from: first)
    #expect(try JSONText.decode(DeviceBody.self, from: again).id == device.id)
    let list = try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken))
    #expect(list.items.map(\.name) == ["Eva's iPhone"])
    #expect(
      !String(decoding: try JSONEncoder().encode(list), as: UTF8.self).contains(
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"), "tokens are not echoed")
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
