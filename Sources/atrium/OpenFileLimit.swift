import AtriumHTTP
import Foundation

/// The process's limit on open files (`RLIMIT_NOFILE`): every connection is one, and Linux
/// starts programs with a soft limit of 1,024, far below the connections a company's open pages
/// hold. `atrium serve` raises it at start, as far as the hard limit lets it.
enum OpenFileLimit {
  /// Raises the soft limit to `needed` (never lowers it), up to the hard limit; returns the
  /// limit in force afterwards.
  static func raise(to needed: Int) -> (soft: Int, hard: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (needed, needed) }
    let hard = count(limit.rlim_max)
    let wanted = min(needed, hard)
    if Int(limit.rlim_cur) < wanted {
      limit.rlim_cur = rlim_t(wanted)
      _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
      _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    return (count(limit.rlim_cur), hard)
  }

  /// A limit as a count; "unlimited" (all bits set) as `Int.max`.
  private static func count(_ value: rlim_t) -> Int {
    value >= rlim_t(Int.max) ? Int.max : Int(value)
  }
}

/// Raises the open-file limit for `configuration`'s connections and the database's, and when
/// the system allows fewer, serves fewer connections and says so: past the limit, connections
/// are then answered 503 instead of failing to be accepted at all.
func fitConnectionsToOpenFileLimit(_ configuration: inout HTTPServer.Configuration, beside databaseConnections: Int) {
  let needed = configuration.fileDescriptorsNeeded + databaseConnections
  let limit = OpenFileLimit.raise(to: needed)
  guard limit.soft < needed else { return }
  let asked = configuration.connectionLimit
  let available = limit.soft - (needed - asked - configuration.overflowAllowance)
  configuration.connectionLimit = max(16, available - max(16, available / 51))
  FileHandle.standardError.write(
    Data(
      """
      atrium: this system lets Atrium open \(limit.soft) files (hard limit \(limit.hard)), and \(asked) \
      connections need about \(needed): serving at most \(configuration.connectionLimit) connections. \
      Raise the limit (LimitNOFILE= in the systemd unit, ulimit -Hn in a shell) or lower --max-connections.

      """.utf8))
}
