import AtriumAPI

/// A sync report as one line for a terminal or a log.
public enum DirectorySyncText {
  public static func line(_ report: DirectorySyncReport) -> String {
    if let error = report.error { return "Directory sync failed, nothing was changed: \(error)" }
    return "Directory sync: \(report.created) created, \(report.updated) updated, \(report.deactivated) deactivated, "
      + "\(report.unchanged) unchanged, \(report.refused) refused."
  }
}
