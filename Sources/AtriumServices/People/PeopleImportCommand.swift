import AtriumAPI
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// `atrium import people FILE.csv --as USERNAME`: the staff-list import from the command line,
/// acting as an admin (who appears in the audit log).
public enum PeopleImportCommand {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Runs the import and returns the report as lines of text.
  public static func run(
    csv: String, database: any Database, signingKey: [UInt8], adminUsername: String, dryRun: Bool
  )
    throws -> String
  {
    let environment = ServerEnvironment(database: database, signingKey: signingKey)
    guard
      let admin = try database.read({ try PeopleStore($0).employee(username: adminUsername.lowercased()) }),
      admin.role == .admin, admin.isActive
    else { throw Failure(description: "\(adminUsername) is not an active admin") }
    let report: ImportReport
    do {
      report = try PeopleImport(environment: environment).run(
        csv: csv, dryRun: dryRun, by: Principal(employee: admin, sessionID: "command-line"))
    } catch let problem as Problem {
      throw Failure(description: problem.detail ?? problem.title)
    }
    var lines = report.lines.map { line in
      let reasons = line.errors.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
      return "line \(line.line)\t\(line.action)\t\(line.username)" + (reasons.isEmpty ? "" : "\t\(reasons)")
    }
    if report.created > 0 { lines.append(PasswordText.importedSignIn.text(in: .en)) }
    let verb = report.applied ? "Imported" : dryRun ? "Dry run" : "Nothing imported"
    lines.append(
      "\(verb): \(report.created) to create, \(report.updated) to update, \(report.unchanged) unchanged, "
        + "\(report.refused) refused.")
    return lines.joined(separator: "\n")
  }
}
