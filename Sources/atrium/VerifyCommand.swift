import AtriumServer
import AtriumServices
import Foundation

/// `atrium verify balances [--data DIR] [--database URL]`: compares every balance kept as rows
/// with the balance counted from the history, and each unread count with the notices
/// (`BalanceVerification`); it only reads, so it
/// may run beside a serving instance. Exits 0 when all agree, 1 listing what differs.
enum VerifyCommand {
  static let usage = "atrium verify balances [--data DIR] [--database URL]"

  static func run(_ arguments: [String]) -> Never {
    guard arguments.first == "balances" else { fail("usage: \(usage)") }
    let options = flagValues(Array(arguments.dropFirst()), allowed: ["--data", "--database"], usage: usage)
    let started = Date()
    do {
      let directory = try DataDirectory(path: options["data"] ?? environment["ATRIUM_DATA"] ?? "./atrium-data")
      let url = databaseURL(options)
      guard url != nil || FileManager.default.fileExists(atPath: directory.databasePath) else {
        fail("\(directory.path) holds no Atrium database (\(directory.databasePath) is missing)")
      }
      let database = try directory.openDatabase(url: url)
      let report = try BalanceVerification.run(on: database, now: started)
      let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
      guard report.differences.isEmpty else {
        for difference in report.differences.prefix(50) { print(difference) }
        print(
          "\(report.differences.count) differences in \(report.years) years of \(report.people) people "
            + "(\(seconds) s): the balance rows do not match the history.")
        exit(1)
      }
      print(
        "Checked \(report.years) years of \(report.people) people in \(seconds) s: every balance kept as rows "
          + "matches the one counted from the history, and every unread count the notices.")
      exit(0)
    } catch {
      fail("\(error)")
    }
  }
}
