import AtriumPostgres
import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

@Suite struct PostgresListenerTests {
  @Test func aCommittedNotifyIsReportedAndARolledBackOneIsNot() throws {
    let url = try PostgresServer.shared().makeDatabase()
    let listener = PostgresListener(url: url, channel: "changes")
    #expect(try listener.wait(milliseconds: 100), "the first connection reports a wake-up")
    #expect(try !listener.wait(milliseconds: 100), "then nothing until someone notifies")

    let writer = try PostgresConnection(url: url)
    try writer.executeScript("BEGIN; SELECT pg_notify('changes', ''); ROLLBACK")
    #expect(try !listener.wait(milliseconds: 200), "a rolled-back transaction notifies nobody")
    try writer.executeScript("BEGIN; SELECT pg_notify('changes', ''); COMMIT")
    #expect(try listener.wait(milliseconds: 10_000))
    #expect(try !listener.wait(milliseconds: 100), "each notification is reported once")
  }

  @Test func aListenerWhoseConnectionWasEndedConnectsAgain() throws {
    let url = try PostgresServer.shared().makeDatabase()
    let listener = PostgresListener(url: url, channel: "changes")
    #expect(try listener.wait(milliseconds: 100))
    let admin = try PostgresConnection(url: url)
    try admin.executeScript(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'atrium-listener' AND datname = current_database()"
    )
    // The loss is noticed (an error or a wake-up), and the listener then hears notifications again.
    var reconnected = false
    let deadline = Date().addingTimeInterval(10)
    while !reconnected && Date() < deadline {
      _ = try? listener.wait(milliseconds: 200)
      try admin.executeScript("SELECT pg_notify('changes', '')")
      reconnected = (try? listener.wait(milliseconds: 500)) == true
    }
    #expect(reconnected)
  }
}
