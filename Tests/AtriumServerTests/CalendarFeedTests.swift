import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// Calendar feeds, read back with an independent parser: Python's `icalendar` (PyPI), which
/// `make test` installs in `.venv`.
@Suite(.checksBalanceRows) struct CalendarFeedTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  /// The events of a feed as Python's icalendar reads them.
  func parse(_ text: String) throws -> [[String: String]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let python = root.appendingPathComponent(".venv/bin/python3")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
      throw MissingTool(description: "\(python.path) is missing: run make test (it installs icalendar)")
    }
    let feed = app.directory.path + "/feed-\(UUID().uuidString).ics"
    try Data(text.utf8).write(to: URL(fileURLWithPath: feed))
    let script = """
      import icalendar, json, sys
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      events = [{k: str(e.get(k).dt) if k.startswith('DT') else str(e.get(k)) for k in ('UID', 'DTSTART', 'DTEND', 'SUMMARY', 'STATUS')}
                for e in calendar.walk('VEVENT')]
      print(json.dumps({'name': str(calendar.get('X-WR-CALNAME')), 'events': events}))
      """
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", script, feed]
    let output = Pipe()
    process.standardOutput = output
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw MissingTool(
        description: "icalendar refused the feed: "
          + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["events"] as? [[String: String]]) ?? []
  }

  struct MissingTool: Error, CustomStringConvertible {
    let description: String
  }

  @Test func personalFeedHoldsApprovedLeaveAndParses() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let approved = try JSONText.decode(
      SavedLeave.self,
      from: app.send(
        .leave(.create),
        json: #"{"start": "2026-04-06", "end": "2026-04-10", "startHalf": "afternoon", "note": "secret"}"#,
        token: eva.accessToken))
    #expect(app.send(.approvals(.approve(id: approved.request.id)), token: mario.accessToken).status == 200)
    _ = app.send(.leave(.create), json: #"{"start": "2026-05-04", "end": "2026-05-05"}"#, token: eva.accessToken)

    let addresses = try JSONText.decode(
      CalendarFeedBody.self,
      from: app.send(.calendar(.mine), token: eva.accessToken, headers: [("Host", "atrium.test")]))
    #expect(addresses.url.hasPrefix("http://atrium.test/calendar/"))
    let path = String(addresses.url.dropFirst("http://atrium.test".count))
    let response = app.send("GET", path)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/calendar; charset=utf-8")
    #expect(!response.text.contains("secret"), "notes stay private")

    let events = try parse(response.text)
    #expect(events.count == 1, "pending leave is left out unless asked for")
    #expect(events.first?["UID"] == "\(approved.request.id)@atrium")
    #expect(events.first?["DTSTART"] == "2026-04-06")
    #expect(events.first?["DTEND"] == "2026-04-11", "DTEND is the day after the last")
    #expect(events.first?["SUMMARY"] == "Vacation (from noon)")
    #expect(events.first?["STATUS"] == "CONFIRMED")

    let withPending = try parse(app.send("GET", path + "?pending=true").text)
    #expect(withPending.count == 2)
    #expect(withPending.last?["STATUS"] == "TENTATIVE")
  }

  @Test func teamFeedNamesTeammatesOnly() throws {
    let eva = try app.login("eva")
    let pablo = try app.login("pablo.ruiz")
    _ = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-07", "note": "dentist"}"#,
      token: pablo.accessToken)
    let addresses = try JSONText.decode(CalendarFeedBody.self, from: app.send(.calendar(.mine), token: eva.accessToken))
    let path = "/" + addresses.teamURL.split(separator: "/", maxSplits: 3).dropFirst(2).joined(separator: "/")
    let response = app.send("GET", path)
    #expect(response.status == 200)
    #expect(!response.text.contains("dentist"))
    let events = try parse(response.text)
    #expect(events.map { $0["SUMMARY"] } == ["Pablo Ruiz off – pending"])
  }

  @Test func rotatingRevokesTheOldAddress() throws {
    let eva = try app.login("eva")
    let old = try JSONText.decode(CalendarFeedBody.self, from: app.send(.calendar(.mine), token: eva.accessToken))
    let new = try JSONText.decode(CalendarFeedBody.self, from: app.send(.calendar(.rotate), token: eva.accessToken))
    #expect(old.url != new.url)
    func path(_ url: String) -> String {
      "/" + url.split(separator: "/", maxSplits: 3).dropFirst(2).joined(separator: "/")
    }
    #expect(app.send("GET", path(old.url)).status == 404)
    #expect(app.send("GET", path(new.url)).status == 200)
    #expect(app.send("GET", "/calendar/made-up.ics").status == 404)
  }

  @Test func longTextIsFoldedAndEscaped() throws {
    let eva = try app.login("eva")
    let ana = try app.login("ana")
    let type = try JSONText.decode(
      LeaveTypeBody.self,
      from: app.send(
        .leaveSettings(.createLeaveType),
        json:
          #"{"name": "Año sabático; largo, muy largo — con acentos y más texto para plegar líneas", "needsApproval": false}"#,
        token: ana.accessToken))
    _ = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06", "typeId": "\#(type.id)"}"#,
      token: eva.accessToken)
    let addresses = try JSONText.decode(CalendarFeedBody.self, from: app.send(.calendar(.mine), token: eva.accessToken))
    let text = app.send(
      "GET", "/" + addresses.url.split(separator: "/", maxSplits: 3).dropFirst(2).joined(separator: "/")
    ).text
    #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    let events = try parse(text)
    #expect(events.first?["SUMMARY"] == type.name)
  }
}
